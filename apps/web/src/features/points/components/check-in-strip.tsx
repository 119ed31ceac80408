import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { CalendarCheck, CircleCheck, Flame, SquarePlay } from 'lucide-react';
import { formatBalance, formatReward } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { useLoginGate } from '../../../shared/session/login-gate';
import { useClaimReward } from '../api/use-claim-reward';
import { useSignInConfigs } from '../api/use-sign-in-configs';
import { StreakDays } from './streak-days';

/**
 * Home's check-in bonus by day (spec section 2): the 7 streak days with their
 * rewards, and the claim. A video must be watched first: until then the button
 * says so and leads to the videos.
 */
export function CheckInStrip() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const loggedIn = useSession((s) => s.token !== null);
  const gate = useLoginGate();
  const configs = useSignInConfigs();
  const claim = useClaimReward();
  const data = configs.data;
  const today = data?.days.find((d) => d.is_today === 1);
  const signedToday = today?.is_signed === 1;

  let action;
  if (!data) action = <Skeleton className="h-11 w-full rounded-lg wide:w-56" />;
  else if (!loggedIn)
    action = (
      <Button className="w-full wide:w-auto" onClick={() => gate(() => undefined)}>
        <CalendarCheck className="size-5" aria-hidden />
        {t('checkIn.startStreak')}
      </Button>
    );
  else if (signedToday)
    action = (
      <p className="flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-success/15 px-4 font-semibold text-success wide:w-auto">
        <CircleCheck className="size-5" aria-hidden />
        {t('checkIn.doneToday')}
      </p>
    );
  else if (data.has_watched_today !== 1)
    action = (
      <Link
        to={paths.videos}
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-border bg-surface-2 px-4 font-semibold hover:bg-border/70 wide:w-auto"
      >
        <SquarePlay className="size-5" aria-hidden />
        {t('checkIn.watchFirst')}
      </Link>
    );
  else
    action = (
      <Button className="w-full wide:w-auto" loading={claim.isPending} onClick={() => claim.mutate()}>
        <CalendarCheck className="size-5" aria-hidden />
        {t('checkIn.claim', { reward: formatBalance(today?.reward ?? 0, lang) })}
      </Button>
    );

  return (
    <section
      aria-labelledby="check-in-title"
      className="rounded-xl border border-border bg-surface p-4 wide:p-6"
      data-testid="check-in-strip"
    >
      <div className="grid gap-4 wide:grid-cols-[minmax(0,1fr)_auto] wide:items-center">
        <div className="flex min-w-0 flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 id="check-in-title" className="flex items-center gap-2 text-lg font-bold wide:text-xl">
              <CalendarCheck className="size-6 text-accent-text" aria-hidden />
              {t('checkIn.title')}
            </h2>
            <p className="mt-0.5 text-sm text-muted">
              {t('checkIn.text', { bonus: formatReward(data?.seven_days_sign_in_reward ?? 0, lang) })}
            </p>
          </div>
          {loggedIn && data && data.sign_in_days > 0 && (
            <p className="inline-flex items-center gap-1.5 rounded-full bg-accent/15 px-3 py-1 text-sm font-semibold text-accent-text">
              <Flame className="size-4" aria-hidden />
              <span data-testid="streak-count">{t('checkIn.streak', { count: data.sign_in_days })}</span>
            </p>
          )}
        </div>
        <div className="wide:col-span-2 wide:row-start-2">
          {configs.isError ? (
            <ErrorState onRetry={() => void configs.refetch()} />
          ) : data ? (
            <StreakDays days={data.days} />
          ) : (
            <div className="grid grid-cols-7 gap-1.5 wide:gap-3" aria-busy="true">
              {Array.from({ length: 7 }, (_, i) => (
                <Skeleton key={i} className="h-20 rounded-lg wide:h-28" />
              ))}
            </div>
          )}
        </div>
        {!configs.isError && <div className="flex wide:col-start-2 wide:row-start-1">{action}</div>}
      </div>
    </section>
  );
}
