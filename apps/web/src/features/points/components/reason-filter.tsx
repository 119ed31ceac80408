import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { LEDGER_REASONS, type LedgerReason } from '@taice/contract';
import { reasonKey } from '../ledger-text';

/** Chips to show every ledger entry or those of one reason. */
export function ReasonFilter({
  value,
  onChange,
}: {
  value: LedgerReason | undefined;
  onChange: (reason: LedgerReason | undefined) => void;
}) {
  const { t } = useTranslation();
  const options: { id: LedgerReason | undefined; label: string }[] = [
    { id: undefined, label: t('points.allReasons') },
    ...LEDGER_REASONS.map((r) => ({ id: r, label: t(reasonKey[r]) })),
  ];
  return (
    <div
      role="tablist"
      aria-label={t('points.filterLabel')}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] wide:mx-0 wide:flex-wrap wide:px-0"
    >
      {options.map((o) => {
        const selected = o.id === value;
        return (
          <button
            key={o.id ?? 'all'}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => onChange(o.id)}
            className={clsx(
              'min-h-11 shrink-0 whitespace-nowrap rounded-full px-4 text-sm font-semibold transition',
              selected ? 'bg-fg text-bg' : 'bg-surface-2 text-fg hover:bg-border',
            )}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
