import type { ReactNode } from 'react';
import clsx from 'clsx';

export interface ChipTab<T> {
  id: T;
  label: string;
}

/** One scrollable row of chips (a tab list) choosing one value; `children` follow the chips (e.g. skeletons). */
export function ChipTabs<T extends string | number | null | undefined>({
  tabs,
  value,
  onChange,
  label,
  children,
}: {
  tabs: ChipTab<T>[];
  value: T;
  onChange: (id: T) => void;
  label: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] wide:mx-0 wide:flex-wrap wide:px-0"
    >
      {tabs.map((tab) => {
        const selected = tab.id === value;
        return (
          <button
            key={String(tab.id ?? 'all')}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => onChange(tab.id)}
            className={clsx(
              'min-h-11 shrink-0 whitespace-nowrap rounded-full px-4 text-sm font-semibold transition',
              selected ? 'bg-fg text-bg' : 'bg-surface-2 text-fg hover:bg-border',
            )}
          >
            {tab.label}
          </button>
        );
      })}
      {children}
    </div>
  );
}
