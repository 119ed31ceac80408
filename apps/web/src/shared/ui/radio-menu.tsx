import * as Popover from '@radix-ui/react-popover';
import { useState, type ReactNode } from 'react';
import { Check, type LucideIcon } from 'lucide-react';

export interface RadioMenuOption<V extends string> {
  value: V;
  label: string;
  /** The language the label is written in, when it differs from the page's. */
  lang?: string;
  Icon?: LucideIcon;
}

/**
 * A round header button opening a menu of choices, one of them checked
 * (language, theme); picking one closes the menu.
 */
export function RadioMenu<V extends string>({
  label,
  trigger,
  options,
  value,
  onSelect,
}: {
  label: string;
  trigger: ReactNode;
  options: RadioMenuOption<V>[];
  value: V;
  onSelect: (value: V) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="grid size-11 place-items-center rounded-full text-fg hover:bg-surface-2"
        aria-label={label}
        title={label}
      >
        {trigger}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-40 min-w-[14rem] rounded-lg border border-border bg-surface p-1 shadow-xl"
        >
          <ul role="menu" aria-label={label}>
            {options.map((option) => (
              <li key={option.value} role="none">
                <button
                  role="menuitemradio"
                  aria-checked={value === option.value}
                  className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left hover:bg-surface-2"
                  onClick={() => {
                    onSelect(option.value);
                    setOpen(false);
                  }}
                >
                  {option.Icon && <option.Icon className="size-5" aria-hidden />}
                  <span className="flex-1" lang={option.lang}>
                    {option.label}
                  </span>
                  {value === option.value && <Check className="size-5 text-accent-text" aria-hidden />}
                </button>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
