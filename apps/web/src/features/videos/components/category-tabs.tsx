import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { Category } from '@taice/contract';
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
  const tabs: { id: number | null; name: string }[] = [
    { id: null, name: t('video.allCategories') },
    ...(categories ?? []).map((c) => ({ id: c.id, name: c.name })),
  ];
  return (
    <div
      role="tablist"
      aria-label={t('video.categories')}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] wide:mx-0 wide:flex-wrap wide:px-0"
    >
      {tabs.map((tab) => {
        const selected = tab.id === value;
        return (
          <button
            key={tab.id ?? 'all'}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => onChange(tab.id)}
            className={clsx(
              'min-h-11 shrink-0 whitespace-nowrap rounded-full px-4 text-sm font-semibold transition',
              selected ? 'bg-fg text-bg' : 'bg-surface-2 text-fg hover:bg-border',
            )}
          >
            {tab.name}
          </button>
        );
      })}
      {loading && Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-11 w-24 shrink-0 rounded-full" />)}
    </div>
  );
}
