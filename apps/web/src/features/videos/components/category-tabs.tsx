import { useTranslation } from 'react-i18next';
import type { Category } from '@taice/contract';
import { ChipTabs } from '../../../shared/ui/chip-tabs';
import { Skeleton } from '../../../shared/ui/states';

/** Category chips in one scrollable row: "All" and then each category. */
export function CategoryTabs({
  categories,
  loading,
  value,
  onChange,
}: {
  categories: Category[] | undefined;
  loading: boolean;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <ChipTabs
      label={t('video.categories')}
      value={value}
      onChange={onChange}
      tabs={[
        { id: null, label: t('video.allCategories') },
        ...(categories ?? []).map((c) => ({ id: c.id, label: c.name })),
      ]}
    >
      {loading && Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-11 w-24 shrink-0 rounded-full" />)}
    </ChipTabs>
  );
}
