import type { ReactNode } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { confirm } from '../../../shared/ui/confirm';
import { formatBalance, formatDateTime } from '../../../shared/lib/format';
import { useOpsT } from '../ops-i18n';
import { opsUserPath } from '../ops-paths';

/** An amount of TAICE (or another currency) with 2 decimals, signed when asked. */
export function Amount({
  value,
  currency = 'TAICE',
  signed = false,
}: {
  value: number;
  currency?: string;
  signed?: boolean;
}) {
  const { lang } = useOpsT();
  const sign = signed && value > 0 ? '+' : '';
  return (
    <span className="whitespace-nowrap tabular-nums">
      {sign}
      {formatBalance(value, lang)} <span className="text-muted">{currency}</span>
    </span>
  );
}

/** A time in the console's language, or a dash when there is none. */
export function When({ iso }: { iso: string | null | undefined }) {
  const { lang } = useOpsT();
  return iso ? (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDateTime(iso, lang)}
    </time>
  ) : (
    <span className="text-muted">—</span>
  );
}

/** A member, linked to their page in the console. */
export function UserLink({ id, name }: { id: number; name?: string | null }) {
  return (
    <Link to={opsUserPath(id)} className="font-medium text-accent-text underline-offset-4 hover:underline">
      {name || `#${id}`}
    </Link>
  );
}

export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

const tones: Record<Tone, string> = {
  neutral: 'bg-surface-2 text-fg',
  accent: 'bg-accent/15 text-accent-text',
  success: 'bg-success/15 text-success',
  warning: 'bg-warning/15 text-warning',
  danger: 'bg-danger/15 text-danger',
};

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className={clsx('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', tones[tone])}>
      {children}
    </span>
  );
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A snapshot of what an action changed (audit rows, earning changes): its fields one a line, long ones folded. */
export function Snapshot({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-muted">—</span>;
  if (typeof value !== 'object' || Array.isArray(value))
    return <code className="break-all text-xs">{shown(value)}</code>;
  const fields = Object.entries(value);
  const list = (entries: [string, unknown][]) => (
    <dl className="text-xs">
      {entries.map(([key, field]) => (
        <div key={key} className="flex gap-1">
          <dt className="shrink-0 text-muted">{key}:</dt>
          <dd className="line-clamp-3 break-all font-mono">{shown(field)}</dd>
        </div>
      ))}
    </dl>
  );
  if (fields.length <= 4) return list(fields);
  return (
    <details className="max-w-[24rem]">
      <summary className="cursor-pointer text-xs">
        {fields
          .slice(0, 3)
          .map(([key]) => key)
          .join(', ')}
        …
      </summary>
      {list(fields)}
    </details>
  );
}

/** Label and value pairs (a member's profile, a verify result): two pairs a line where there is room. */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <div className="@container">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm @3xl:grid-cols-[auto_1fr_auto_1fr]">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Asks the operator to confirm, then acts. */
export async function confirmThen(message: string, action: () => Promise<unknown>): Promise<void> {
  if (await confirm({ message })) await action();
}
