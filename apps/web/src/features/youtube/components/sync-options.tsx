import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Send } from 'lucide-react';
import type { Category } from '@taice/contract';

/** Where the imported videos go (category) and the Publish choice the spec asks for. */
export function SyncOptions({
  categories,
  categoryId,
  onCategory,
  publish,
  onPublish,
}: {
  categories: Category[] | undefined;
  categoryId: number | null;
  onCategory: (id: number | null) => void;
  publish: boolean;
  onPublish: (publish: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section
      className="grid gap-3 rounded-2xl border border-border bg-surface p-3 wide:grid-cols-2 wide:gap-4 wide:p-4"
      aria-label={t('youtube.options')}
    >
      <div>
        <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium text-muted">
          {t('youtube.category')}
        </label>
        <select
          id={`${id}-category`}
          value={categoryId ?? ''}
          onChange={(e) => onCategory(e.target.value ? Number(e.target.value) : null)}
          className="min-h-11 w-full rounded-lg border border-border bg-surface-2 px-3 text-base focus:border-accent"
        >
          <option value="">{categories ? t('youtube.categoryPick') : t('common.loading')}</option>
          {categories?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-3 rounded-lg border border-border bg-surface-2 px-3 py-2 wide:self-end">
        <Send className="size-5 shrink-0 text-accent-text" aria-hidden />
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-publish`} className="font-medium">
            {t('youtube.publish')}
          </label>
          <p id={`${id}-publish-hint`} className="text-xs text-muted">
            {t('youtube.publishHint')}
          </p>
        </div>
        <button
          id={`${id}-publish`}
          type="button"
          role="switch"
          aria-checked={publish}
          aria-describedby={`${id}-publish-hint`}
          onClick={() => onPublish(!publish)}
          className="grid min-h-11 shrink-0 place-items-center"
        >
          <span
            className={clsx('relative h-7 w-12 rounded-full transition-colors', publish ? 'bg-accent' : 'bg-border')}
          >
            <span
              className={clsx(
                'absolute top-0.5 size-6 rounded-full bg-white shadow transition-[left]',
                publish ? 'left-[1.4rem]' : 'left-0.5',
              )}
            />
          </span>
        </button>
      </div>
    </section>
  );
}
