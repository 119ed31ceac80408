import type { ReactNode } from 'react';
import clsx from 'clsx';
import { CircleCheck, type LucideIcon } from 'lucide-react';
import { formatInteger } from '../lib/format';
import { usePreferences } from '../stores/preferences';

/** How full a progress bar is, 0 to 1. */
export function progressRatio(actual: number, required: number): number {
  return required <= 0 ? 1 : Math.min(1, Math.max(0, actual / required));
}

/**
 * One goal in a list: its icon and label, the figure against it ("12 / 20", ticked once met) and a bar that
 * fills up to it. `status` says it in words instead of the figure (a wallet bound or not; only the goal, with
 * `bar` off, to someone not measured yet).
 */
export function GoalProgress({
  icon: Icon,
  label,
  actual,
  required,
  met,
  status,
  bar = true,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  actual: number;
  required: number;
  met: boolean;
  status?: ReactNode;
  bar?: boolean;
  testId?: string;
}) {
  const lang = usePreferences((s) => s.lang);
  return (
    <li className="flex flex-col gap-1.5" data-testid={testId}>
      <div className="flex min-h-6 items-center justify-between gap-3 text-sm">
        <span className="flex min-w-0 items-center gap-1.5">
          <Icon className="size-4 shrink-0 text-muted" aria-hidden />
          <span className="truncate">{label}</span>
        </span>
        {status ?? (
          <span
            className={clsx('shrink-0 tabular-nums', met ? 'font-semibold text-success' : 'text-muted')}
            data-testid="condition-figure"
          >
            {met && <CircleCheck className="mr-1 inline size-4 align-[-0.15em]" aria-hidden />}
            <span className="text-fg">{formatInteger(actual, lang)}</span> / {formatInteger(required, lang)}
          </span>
        )}
      </div>
      {bar && (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={required}
          aria-valuenow={Math.min(actual, required)}
          className="h-2 overflow-hidden rounded-full bg-surface-2"
        >
          <div
            className={clsx('h-full rounded-full transition-[width] duration-700', met ? 'bg-success' : 'bg-accent')}
            style={{ width: `${progressRatio(actual, required) * 100}%` }}
          />
        </div>
      )}
    </li>
  );
}
