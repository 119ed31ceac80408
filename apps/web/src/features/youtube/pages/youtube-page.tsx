import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { errorCode, type YoutubeVideo } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { paths } from '../../../shared/routing/paths';
import { Button } from '../../../shared/ui/button';
import { LoadMore } from '../../../shared/ui/load-more';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { notify } from '../../../shared/ui/toast';
import { useCategories } from '../../videos';
import { useSyncPosts } from '../api/use-sync-posts';
import { useYoutubeVideos } from '../api/use-youtube-videos';
import { ChannelBar } from '../components/channel-bar';
import { ConnectPanel } from '../components/connect-panel';
import { SyncOptions } from '../components/sync-options';
import { YoutubeVideoItem, YoutubeVideoSkeleton } from '../components/youtube-video-item';
import { parseYoutubeReturn, syncProblem, worded } from '../sync-form';

const NOT_CONNECTED = new Set([errorCode('youtube_not_connected'), errorCode('youtube_connection_expired')]);
const listClass = 'grid gap-3 wide:grid-cols-3 wide:gap-4 xl:grid-cols-4';

/** Tells what the connection's sign-in came back with, once, and takes it out of the address. */
function useConnectionReturn() {
  const { t } = useTranslation();
  useEffect(() => {
    const result = parseYoutubeReturn(window.location.hash);
    if (!result) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if ('error' in result) notify.error(worded(result.error));
    else notify.success(t('youtube.connected'));
  }, [t]);
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-4" role="status" aria-busy="true">
      <Skeleton className="h-20 w-full rounded-2xl" />
      <Skeleton className="h-24 w-full rounded-2xl" />
      <ul className={listClass}>
        {Array.from({ length: 8 }, (_, i) => (
          <YoutubeVideoSkeleton key={i} />
        ))}
      </ul>
    </div>
  );
}

/**
 * /Youtube: connect the YouTube channel, then pick videos of it, a category and Publish, and import
 * them as TAICE videos that play through YouTube's player.
 */
export default function YoutubePage() {
  const { t } = useTranslation();
  useConnectionReturn();
  const videos = useYoutubeVideos();
  const categories = useCategories();
  const sync = useSyncPosts();
  const [selected, setSelected] = useState<string[]>([]);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [publish, setPublish] = useState(false);

  const toggle = (videoId: string) =>
    setSelected((now) => (now.includes(videoId) ? now.filter((v) => v !== videoId) : [...now, videoId]));

  const submit = () => {
    const problem = syncProblem({ selected: selected.length, categoryId, publish });
    if (problem) {
      notify.warning(worded(problem));
      return;
    }
    sync.mutate(
      { videoIds: selected, categoryId: categoryId!, publish: 1 },
      {
        onSuccess: ({ imported, already_imported }) => {
          setSelected([]);
          if (imported.length > 0) notify.success(t('youtube.importedCount', { count: imported.length }));
          if (already_imported.length > 0) {
            notify.warning(t('youtube.alreadyCount', { count: already_imported.length }));
          }
        },
      },
    );
  };

  let body;
  if (videos.isPending) body = <ListSkeleton />;
  else if (videos.isError && videos.error instanceof ApiError && NOT_CONNECTED.has(videos.error.code)) {
    body = <ConnectPanel expired={videos.error.code === errorCode('youtube_connection_expired')} />;
  } else if (videos.isError) {
    body = <ErrorState message={videos.error.message} onRetry={() => void videos.refetch()} />;
  } else {
    const first = videos.data.pages[0]!;
    const list: YoutubeVideo[] = videos.data.pages.flatMap((page) => page.list);
    body = (
      <div className="flex flex-col gap-4">
        <ChannelBar channel={first.channel} total={first.total} />
        {list.length === 0 ? (
          <EmptyState
            title={t('youtube.emptyTitle')}
            text={t('youtube.emptyText')}
            action={
              <Link
                to={paths.uploadVideo}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg"
              >
                <Upload className="size-5" aria-hidden />
                {t('youtube.upload')}
              </Link>
            }
          />
        ) : (
          <>
            <SyncOptions
              categories={categories.data}
              categoryId={categoryId}
              onCategory={setCategoryId}
              publish={publish}
              onPublish={setPublish}
            />
            <div className="sticky top-16 z-20 -mx-4 flex items-center gap-3 border-y border-border bg-bg/90 px-4 py-2 backdrop-blur wide:mx-0 wide:rounded-xl wide:border">
              <p className="min-w-0 flex-1 text-sm" aria-live="polite">
                <span className="font-semibold">{t('youtube.selected', { count: selected.length })}</span>
              </p>
              {selected.length > 0 && (
                <Button variant="ghost" size="sm" onClick={() => setSelected([])}>
                  {t('youtube.clear')}
                </Button>
              )}
              <Button onClick={submit} loading={sync.isPending}>
                {t('youtube.sync')}
              </Button>
            </div>
            <ul className={listClass} aria-label={t('youtube.list')}>
              {list.map((video) => (
                <YoutubeVideoItem
                  key={video.video_id}
                  video={video}
                  selected={selected.includes(video.video_id)}
                  onToggle={toggle}
                />
              ))}
            </ul>
            <LoadMore query={videos} endText={t('youtube.end')} />
          </>
        )}
      </div>
    );
  }

  return (
    <Page title={t('routes.Youtube')}>
      <p className="-mt-2 mb-5 max-w-[60rem] text-muted">{t('youtube.intro')}</p>
      {body}
    </Page>
  );
}
