import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { usePreferences, type ThemeChoice } from '../../shared/stores/preferences';

const choices: { value: ThemeChoice; Icon: typeof Sun }[] = [
  { value: 'dark', Icon: Moon },
  { value: 'light', Icon: Sun },
  { value: 'system', Icon: Monitor },
];

export function ThemeMenu() {
  const { t } = useTranslation();
  const { theme, setTheme } = usePreferences();
  const [open, setOpen] = useState(false);
  const Current = choices.find((c) => c.value === theme)?.Icon ?? Moon;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="grid size-11 place-items-center rounded-full text-fg hover:bg-surface-2"
        aria-label={t('header.theme')}
        title={t('header.theme')}
      >
        <Current className="size-6" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-40 min-w-[14rem] rounded-lg border border-border bg-surface p-1 shadow-xl"
        >
          <ul role="menu" aria-label={t('header.theme')}>
            {choices.map(({ value, Icon }) => (
              <li key={value} role="none">
                <button
                  role="menuitemradio"
                  aria-checked={theme === value}
                  className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left hover:bg-surface-2"
                  onClick={() => {
                    setTheme(value);
                    setOpen(false);
                  }}
                >
                  <Icon className="size-5" aria-hidden />
                  <span className="flex-1">{t(`theme.${value}`)}</span>
                  {theme === value && <Check className="size-5 text-accent-text" aria-hidden />}
                </button>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
