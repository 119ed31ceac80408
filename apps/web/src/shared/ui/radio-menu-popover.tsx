import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { Check } from 'lucide-react';
import type { RadioMenuProps } from './radio-menu';

/** The menu of a RadioMenu, with its popover code. */
export function RadioMenuPopover<V extends string>({
  label,
  trigger,
  options,
  value,
  onSelect,
  triggerClassName,
}: RadioMenuProps<V> & { triggerClassName: string }) {
  // Mounted by the first click on the menu's button: it opens at once.
  const [open, setOpen] = useState(true);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={triggerClassName} aria-label={label} title={label}>
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
