import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, Coins, LogIn, Send, Share2, Wallet, type LucideIcon } from 'lucide-react';
import { useAuthProviders } from '../../shared/api/auth-providers';
import { useIsWide } from '../../shared/hooks/use-media-query';
import { isTelegramMiniApp } from '../../shared/lib/platform';
import { paths } from '../../shared/routing/paths';
import { storedInvitationCode } from '../../shared/session/invitation';
import { useMiniAppLink } from '../../shared/telegram/mini-app-link';
import { Page } from '../../shared/ui/page';
import { Skeleton } from '../../shared/ui/states';

const QrCode = lazy(() => import('../../shared/ui/qr-code'));

const FEATURES: { key: 'login' | 'earn' | 'share' | 'wallet'; Icon: LucideIcon }[] = [
  { key: 'login', Icon: LogIn },
  { key: 'earn', Icon: Coins },
  { key: 'share', Icon: Share2 },
  { key: 'wallet', Icon: Wallet },
];
const STEPS = ['open', 'telegram', 'signedIn'] as const;

const linkButton =
  'inline-flex min-h-13 shrink-0 items-center whitespace-nowrap justify-center gap-2 rounded-xl bg-accent px-6 text-lg font-semibold text-accent-fg hover:brightness-105 active:brightness-95';

/** How to open TAICE in Telegram: the Mini App's link as a button and, on a wide screen, as a QR code. */
function OpenInTelegram() {
  const { t } = useTranslation();
  const wide = useIsWide();
  const providers = useAuthProviders();
  // A visitor who came with an invitation keeps it in the Mini App.
  const link = useMiniAppLink({ inviteCode: storedInvitationCode() || undefined });
  if (providers.isPending) return <Skeleton className="h-13 w-56" />;
  if (!link) return <p className="text-muted">{t('beta.unavailable')}</p>;
  return (
    <div className="flex flex-col gap-6 wide:flex-row wide:items-center">
      <a href={link} target="_blank" rel="noopener noreferrer" className={linkButton} data-testid="beta-open">
        <Send className="size-5" aria-hidden />
        {t('beta.open')}
      </a>
      {wide && (
        <div className="flex items-center gap-4 rounded-2xl border border-border bg-surface p-4">
          <Suspense fallback={<Skeleton className="size-[200px] rounded-xl" />}>
            <QrCode value={link} label={t('beta.qrAlt')} />
          </Suspense>
          <div className="max-w-56">
            <p className="font-semibold">{t('beta.scanTitle')}</p>
            <p className="mt-1 text-sm text-muted">{t('beta.scanText')}</p>
          </div>
        </div>
      )}
    </div>
  );
}

/** Inside the Mini App already: nothing to open. */
function AlreadyInside() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-4 rounded-2xl border border-success/40 bg-success/10 p-4">
      <p className="flex items-center gap-2 text-lg font-semibold" data-testid="beta-inside">
        <CircleCheck className="size-6 shrink-0 text-success" aria-hidden />
        {t('beta.inside')}
      </p>
      <p className="text-muted">{t('beta.insideText')}</p>
      <Link to={paths.home} className={linkButton}>
        {t('home.startWatching')}
      </Link>
    </div>
  );
}

/** /Beta: what the Telegram Mini App offers and how to open it. */
export default function BetaPage() {
  const { t } = useTranslation();
  const inside = isTelegramMiniApp();
  return (
    <Page title={t('routes.Beta')} narrow hideTitle>
      <section
        aria-labelledby="beta-title"
        className="overflow-hidden rounded-2xl border border-accent/30 bg-linear-to-br from-accent/25 via-surface to-surface p-5 wide:p-8"
      >
        <h1 id="beta-title" className="text-2xl font-extrabold wide:text-4xl">
          {t('beta.title')}
        </h1>
        <p className="mt-2 max-w-2xl text-muted wide:text-lg">{t('beta.lead')}</p>
        <div className="mt-6">{inside ? <AlreadyInside /> : <OpenInTelegram />}</div>
      </section>

      <div className="mt-6 grid gap-6 wide:gap-8">
        <section aria-labelledby="beta-offers">
          <h2 id="beta-offers" className="mb-3 text-xl font-bold">
            {t('beta.offersTitle')}
          </h2>
          <ul className="grid gap-3 wide:grid-cols-2">
            {FEATURES.map(({ key, Icon }) => (
              <li key={key} className="flex gap-3 rounded-xl border border-border bg-surface p-4">
                <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span>
                  <span className="block font-semibold">{t(`beta.features.${key}.title`)}</span>
                  <span className="mt-0.5 block text-sm text-muted">{t(`beta.features.${key}.text`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
        {!inside && (
          <section aria-labelledby="beta-how">
            <h2 id="beta-how" className="mb-3 text-xl font-bold">
              {t('beta.howTitle')}
            </h2>
            <ol className="grid gap-3 wide:grid-cols-3">
              {STEPS.map((step, i) => (
                <li key={step} className="flex items-center gap-3 rounded-xl border border-border bg-surface p-4">
                  <span className="grid size-9 shrink-0 place-items-center rounded-full bg-accent font-bold text-accent-fg tabular-nums">
                    {i + 1}
                  </span>
                  {t(`beta.steps.${step}`)}
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </Page>
  );
}
