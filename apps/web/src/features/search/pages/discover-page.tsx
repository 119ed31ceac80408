import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { useIsWide } from '../../../shared/hooks/use-media-query';
import { LoadMore } from '../../../shared/ui/load-more';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { CreatorCard, creatorGridClass } from '../../creators';
import { VideoGrid, VideoGridSkeleton } from '../../videos';
import { useGlobalSearch } from '../api/use-global-search';
import { KeywordSearchForm } from '../components/keyword-search-form';

/** /Discover?keyword=: videos and creators matching the header search. */
export default function DiscoverPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const wide = useIsWide();
  const search = useGlobalSearch(keyword);
  const title = keyword ? t('search.resultsFor', { keyword }) : t('routes.Discover');

  let body;
  if (!keyword) {
    body = (
      <EmptyState
        title={t('search.prompt')}
        text={t('search.promptText')}
        action={
          <Link
            to={paths.videos}
            className="inline-flex min-h-11 items-center rounded-lg border border-border px-5 hover:bg-surface-2"
          >
            {t('video.browseVideos')}
          </Link>
        }
      />
    );
  } else if (search.isPending) {
    body = <VideoGridSkeleton count={6} />;
  } else if (search.isError && !search.data) {
    body = <ErrorState message={search.error.message} onRetry={() => void search.refetch()} />;
  } else {
    const creators = search.data.pages[0]?.creators ?? [];
    const seen = new Set<number>();
    const posts = search.data.pages
      .flatMap((page) => page.posts.list)
      .filter((post) => (seen.has(post.id) ? false : (seen.add(post.id), true)));
    body =
      creators.length === 0 && posts.length === 0 ? (
        <EmptyState
          title={t('search.noResults', { keyword })}
          text={t('search.noResultsText')}
          action={
            <Link
              to={paths.creators}
              className="inline-flex min-h-11 items-center rounded-lg border border-border px-5 hover:bg-surface-2"
            >
              {t('search.browseCreators')}
            </Link>
          }
        />
      ) : (
        <div className="flex flex-col gap-8">
          {creators.length > 0 && (
            <section aria-labelledby="creators-heading">
              <h2 id="creators-heading" className="mb-3 text-lg font-bold">
                {t('search.creators')}
              </h2>
              <div className={creatorGridClass}>
                {creators.map((creator) => (
                  <CreatorCard key={creator.id} creator={creator} />
                ))}
              </div>
            </section>
          )}
          <section aria-labelledby="videos-heading">
            <h2 id="videos-heading" className="mb-3 text-lg font-bold">
              {t('search.videos')}
            </h2>
            {posts.length === 0 ? (
              <EmptyState title={t('search.noVideos')} />
            ) : (
              <>
                <VideoGrid posts={posts} />
                <LoadMore query={search} />
              </>
            )}
          </section>
        </div>
      );
  }

  return (
    <Page title={title}>
      {!wide && (
        <KeywordSearchForm
          key={keyword}
          id="discover-search"
          initial={keyword}
          className="mb-5"
          large
          autoFocus={!keyword}
        />
      )}
      {body}
    </Page>
  );
}
