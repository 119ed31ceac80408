import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Coins, Gift, SquarePlay } from 'lucide-react';
import { Page } from '../../shared/ui/page';
import { BannerCarousel } from '../../features/content/components/banner-carousel';

export default function HomePage() {
  const { t } = useTranslation();
  const steps = [
    { Icon: SquarePlay, title: t('home.stepWatch'), text: t('home.stepWatchText') },
    { Icon: Coins, title: t('home.stepEarn'), text: t('home.stepEarnText') },
    { Icon: Gift, title: t('home.stepRedeem'), text: t('home.stepRedeemText') },
  ];
  return (
    <Page title={t('nav.home')} hideTitle>
      <div className="flex flex-col gap-6 wide:gap-8">
        <BannerCarousel />
        <section className="rounded-xl border border-border bg-surface p-5 wide:p-8">
          <h1 className="text-2xl font-extrabold wide:text-3xl">{t('home.heroTitle')}</h1>
          <p className="mt-2 max-w-[60rem] text-muted">{t('home.heroText')}</p>
          <Link
            to="/V2/videos"
            className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg hover:brightness-105"
          >
            <SquarePlay className="size-5" aria-hidden />
            {t('home.startWatching')}
          </Link>
        </section>
        <section aria-labelledby="how-it-works">
          <h2 id="how-it-works" className="mb-3 text-xl font-bold">
            {t('home.howItWorks')}
          </h2>
          <ol className="grid gap-3 wide:grid-cols-3">
            {steps.map(({ Icon, title, text }, i) => (
              <li key={title} className="flex gap-3 rounded-xl border border-border bg-surface p-4">
                <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text">
                  <Icon className="size-6" aria-hidden />
                </span>
                <div>
                  <p className="font-semibold">
                    {i + 1}. {title}
                  </p>
                  <p className="text-sm text-muted">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </Page>
  );
}
