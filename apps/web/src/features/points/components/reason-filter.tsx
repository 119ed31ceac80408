import { useTranslation } from 'react-i18next';
import { LEDGER_REASONS, type LedgerReason } from '@taice/contract';
import { ChipTabs } from '../../../shared/ui/chip-tabs';
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
  return (
    <ChipTabs
      label={t('points.filterLabel')}
      value={value}
      onChange={onChange}
      tabs={[
        { id: undefined, label: t('points.allReasons') },
        ...LEDGER_REASONS.map((r) => ({ id: r, label: t(reasonKey[r]) })),
      ]}
    />
  );
}
