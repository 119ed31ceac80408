import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

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
export interface RadioMenuProps<V extends string> {
  label: string;
  trigger: ReactNode;
  options: RadioMenuOption<V>[];
  value: V;
  onSelect: (value: V) => void;
}

const loadPopover = () => import('./radio-menu-popover');
const Popover = lazy(() => loadPopover().then((m) => ({ default: m.RadioMenuPopover })));

const buttonClass = 'grid size-11 place-items-center rounded-full text-fg hover:bg-surface-2';

/**
 * A round header button opening a menu of choices, one of them checked
 * (language, theme); picking one closes the menu. The menu's code loads when
 * the button is first pointed at, focused or pressed, not with the page.
 */
export function RadioMenu<V extends string>(props: RadioMenuProps<V>) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      className={buttonClass}
      aria-label={props.label}
      title={props.label}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => setWanted(true)}
    >
      {props.trigger}
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      {/* lazy() drops the generic: the popover hands back one of the options' own values. */}
      <Popover {...(props as unknown as RadioMenuProps<string>)} triggerClassName={buttonClass} />
    </Suspense>
  );
}
