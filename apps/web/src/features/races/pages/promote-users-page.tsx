import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Trophy, UserPlus } from 'lucide-react';
import { paths } from '../../../shared/routing/paths';
import { useViewerId } from '../../../shared/session/login-gate';
import { useSession } from '../../../shared/session/session';
import { usePreferences } from '../../../shared/stores/preferences';
import { LoadMore } from '../../../shared/ui/load-more';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { usePromoterRanking } from '../api/use-promoter-ranking';
import { PinnedToFoot } from '../components/board-card';
import { MyRankPrompt } from '../components/my-rank-prompt';
import { PromoterItem } from '../components/promoter-item';
import { RaceStatusChip } from '../components/race-status-chip';
import { raceDays } from '../race-model';

function InviteLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.invitation}
      className={clsx(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent px-4 text-sm font-semibold whitespace-nowrap text-accent-fg wide:text-base',
        className,
      )}
    >
      <UserPlus className="size-5 shrink-0" aria-hidden />
      {t('races.promoters.invite')}
    </Link>
  );
}

/**
 * /PromoteUsers: the running race's promoters by friends confirmed in it, the caller's place (pinned at the foot
 * on phones too) and the way to invite more.
 */
export default function PromoteUsersPage() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const viewerId = useViewerId();
  const loggedIn = useSession((s) => s.token !== null);
  const board = usePromoterRanking();
  const first = board.data?.pages[0];
  const list = board.data?.pages.flatMap((p) => p.list) ?? [];

  let body;
  if (board.isPending) {
    body = (
      <div className="flex flex-col gap-2" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-15 rounded-xl" />
        ))}
      </div>
    );
  } else if (!first) {
    body = <ErrorState onRetry={() => void board.refetch()} />;
  } else if (list.length === 0) {
    body = (
      <EmptyState title={t('races.promoters.empty')} text={t('races.promoters.emptyText')} action={<InviteLink />} />
    );
  } else {
    body = (
      <>
        <ol className="flex flex-col gap-2" aria-label={t('races.promoters.title')} data-testid="promoters">
          {list.map((row) => (
            <li key={row.user_id}>
              <PromoterItem row={row} isMe={row.user_id === viewerId} />
            </li>
          ))}
        </ol>
        <LoadMore query={board} />
      </>
    );
  }

  return (
    <Page title={t('races.promoters.title')} narrow>
      <div className="flex flex-col gap-4">
        <section
          aria-labelledby="promoters-race"
          className="flex flex-col gap-3 rounded-2xl border border-accent/30 bg-linear-to-br from-accent/25 via-surface to-surface p-4 wide:flex-row wide:items-center wide:justify-between wide:p-6"
        >
          <div className="flex min-w-0 flex-col gap-1.5">
            {first ? <RaceStatusChip status={first.race.status} /> : <Skeleton className="h-6 w-16 rounded-full" />}
            <h2 id="promoters-race" className="text-2xl font-extrabold" data-testid="race-label">
              {first ? first.race.label : <Skeleton className="h-8 w-48" />}
            </h2>
            <p className="text-sm text-muted">{t('races.promoters.intro')}</p>
            {first && (
              <p className="text-sm text-muted">
                {t('races.days', { days: raceDays(first.race.starts_at, first.race.ends_at, lang) })}
              </p>
            )}
          </div>
          <div className="grid grid-cols-2 gap-2 wide:flex wide:shrink-0">
            <InviteLink />
            <Link
              to={paths.leaderboard}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-border bg-surface-2 px-4 text-sm font-semibold whitespace-nowrap hover:bg-border/70 wide:text-base"
            >
              <Trophy className="size-5 shrink-0 text-accent-text" aria-hidden />
              {t('routes.leaderboard')}
            </Link>
          </div>
        </section>

        <div className="flex flex-col gap-2">
          {body}
          <PinnedToFoot testId="my-promoter-rank">
            {first?.me ? (
              <PromoterItem row={first.me} isMe pinned />
            ) : (
              <div className="rounded-xl border border-accent/60 bg-surface px-3 py-2.5">
                {first || !loggedIn ? (
                  <MyRankPrompt text={t('races.promoters.logIn')} />
                ) : (
                  <Skeleton className="h-10" />
                )}
              </div>
            )}
          </PinnedToFoot>
        </div>
      </div>
    </Page>
  );
}
