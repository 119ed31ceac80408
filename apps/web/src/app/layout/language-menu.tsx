import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Languages } from 'lucide-react';
import { UI_LANGS } from '@taice/contract';
import { usePreferences } from '../../shared/stores/preferences';

export function LanguageMenu() {
  const { t } = useTranslation();
  const { lang, setLang } = usePreferences();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="grid size-11 place-items-center rounded-full text-fg hover:bg-surface-2"
        aria-label={t('header.language')}
        title={t('header.language')}
      >
        <Languages className="size-6" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-40 min-w-[14rem] rounded-lg border border-border bg-surface p-1 shadow-xl"
        >
          <ul role="menu" aria-label={t('header.language')}>
            {UI_LANGS.map((code) => (
              <li key={code} role="none">
                <button
                  role="menuitemradio"
                  aria-checked={lang === code}
                  className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md px-3 text-left hover:bg-surface-2"
                  onClick={() => {
                    void setLang(code);
                    setOpen(false);
                  }}
                >
                  <span lang={code === 'en' ? 'en' : code === 'cn' ? 'zh-CN' : 'zh-TW'}>{t(`lang.${code}`)}</span>
                  {lang === code && <Check className="size-5 text-accent-text" aria-hidden />}
                </button>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
