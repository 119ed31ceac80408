import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';

/** How one status looks: its icon, and its tint and text colour. */
export interface StatusLook {
  icon: LucideIcon;
  className: string;
}

/** A status (an order's, a reward's) as a coloured pill with its icon. */
export function StatusChip({ look, label, testId }: { look: StatusLook; label: string; testId?: string }) {
  const { icon: Icon, className } = look;
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold',
        className,
      )}
      data-testid={testId}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}
