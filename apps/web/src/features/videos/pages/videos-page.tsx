import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Page } from '../../../shared/ui/page';
import { ErrorState } from '../../../shared/ui/states';
import { useCategories } from '../api/use-categories';
import { usePostList } from '../api/use-post-list';
import { CategoryTabs } from '../components/category-tabs';
import { VideoFeed } from '../components/video-grid';

/** /V2/videos: every published video, by category, newest or most popular first. */
export default function VideosPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const categories = useCategories();
  const raw = Number(params.get('category'));
  const category = Number.isInteger(raw) && raw > 0 ? raw : null;
  const sort = params.get('sort') === 'hot' ? 'hot' : 'new';
  const feed = usePostList({ ...(category ? { category_id: category } : {}), sort });

  const update = (next: { category?: number | null; sort?: 'new' | 'hot' }) => {
    const merged = new URLSearchParams(params);
    if (next.category !== undefined) {
      if (next.category) merged.set('category', String(next.category));
      else merged.delete('category');
    }
    if (next.sort) {
      if (next.sort === 'hot') merged.set('sort', 'hot');
      else merged.delete('sort');
    }
    setParams(merged, { replace: true, preventScrollReset: true });
  };

  return (
    <Page
      title={t('routes.videos')}
      actions={
        <div role="radiogroup" aria-label={t('video.sortBy')} className="flex rounded-full bg-surface-2 p-1">
          {(['new', 'hot'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={sort === value}
              onClick={() => update({ sort: value })}
              className={clsx(
                'min-h-11 rounded-full px-4 text-sm font-semibold',
                sort === value ? 'bg-surface text-fg shadow' : 'text-muted hover:text-fg',
              )}
            >
              {t(value === 'new' ? 'video.sortNew' : 'video.sortHot')}
            </button>
          ))}
        </div>
      }
    >
      <div className="flex flex-col gap-5">
        {categories.isError ? (
          <ErrorState message={categories.error.message} onRetry={() => void categories.refetch()} />
        ) : (
          <CategoryTabs
            categories={categories.data}
            loading={categories.isPending}
            value={category}
            onChange={(id) => update({ category: id })}
          />
        )}
        <VideoFeed
          query={feed}
          empty={{
            title: t('video.noVideosInCategory'),
            text: t('video.noVideosInCategoryText'),
            action: category ? (
              <button
                type="button"
                onClick={() => update({ category: null })}
                className="inline-flex min-h-11 items-center rounded-lg border border-border px-5 hover:bg-surface-2"
              >
                {t('video.seeAllVideos')}
              </button>
            ) : undefined,
          }}
        />
      </div>
    </Page>
  );
}
