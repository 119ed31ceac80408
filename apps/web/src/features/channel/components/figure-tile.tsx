import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** One figure as a tile: its icon and name, the value large, and an optional line under it. */
export function FigureTile({
  icon: Icon,
  label,
  value,
  note,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className="flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-surface p-3 wide:p-4"
      data-testid={testId}
    >
      <span className="flex items-center gap-1.5 text-sm text-muted">
        <Icon className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{label}</span>
      </span>
      <span className="truncate text-2xl font-bold tabular-nums">{value}</span>
      {note && <span className="line-clamp-2 text-xs text-muted">{note}</span>}
    </div>
  );
}
