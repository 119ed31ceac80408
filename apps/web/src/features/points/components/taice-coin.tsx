import clsx from 'clsx';

/** The TAICE coin: the brand accent with a "T", for balances and rewards. */
export function TaiceCoin({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={clsx('shrink-0', className)} aria-hidden>
      <circle cx="16" cy="16" r="15" fill="var(--accent)" />
      <circle cx="16" cy="16" r="11.5" fill="none" stroke="var(--accent-fg)" strokeOpacity="0.35" strokeWidth="1.5" />
      <path d="M10.5 10.5h11v3h-4v9h-3v-9h-4z" fill="var(--accent-fg)" />
    </svg>
  );
}
