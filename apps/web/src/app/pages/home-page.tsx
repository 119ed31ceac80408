import { Link } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { SquarePlay } from 'lucide-react';
import { useSession } from '../../shared/session/session';
import { Page } from '../../shared/ui/page';
import { BannerCarousel } from '../../features/content';
import { CheckInStrip } from '../../features/points';
import { PlatformStats, RecommendedVideos } from '../../features/videos';

export default function HomePage() {
  const { t } = useTranslation();
  // A member sees the day's check-in first; a visitor the pitch.
  const loggedIn = useSession((s) => s.token !== null);
  return (
    <Page title={t('nav.home')} hideTitle>
      <div className="flex flex-col gap-6 wide:gap-8">
        <BannerCarousel />
        {loggedIn && <CheckInStrip />}
        <section className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5 wide:flex-row wide:items-center wide:gap-8 wide:p-6">
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-extrabold wide:text-2xl">{t('home.heroTitle')}</h1>
            <p className="mt-1 max-w-[60rem] text-sm text-muted wide:text-base">{t('home.heroText')}</p>
            <Link
              to={paths.videos}
              className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg hover:brightness-105"
            >
              <SquarePlay className="size-5" aria-hidden />
              {t('home.startWatching')}
            </Link>
          </div>
          <div className="wide:w-[54rem] wide:shrink-0">
            <PlatformStats />
          </div>
        </section>
        {!loggedIn && <CheckInStrip />}
        <RecommendedVideos />
      </div>
    </Page>
  );
}
