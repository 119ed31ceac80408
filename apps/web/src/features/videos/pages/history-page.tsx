import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../shared/hooks/use-now';
import { formatAge } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Page } from '../../../shared/ui/page';
import { useViewLog } from '../api/use-view-log';
import { VideoFeed } from '../components/video-grid';

/** /V2/history: each watched video once, last watched first. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const now = useNow();
  const history = useViewLog();
  return (
    <Page title={t('routes.history')}>
      <VideoFeed
        query={history}
        meta={(post) => t('video.watchedAgo', { age: formatAge(post.watched_at, lang, now) })}
        empty={{
          title: t('video.noHistory'),
          text: t('video.noHistoryText'),
          action: (
            <Link
              to={paths.home}
              className="inline-flex min-h-11 items-center rounded-lg bg-accent px-5 font-semibold text-accent-fg"
            >
              {t('home.startWatching')}
            </Link>
          ),
        }}
      />
    </Page>
  );
}
