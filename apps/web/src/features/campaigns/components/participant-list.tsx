import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CircleCheck, Users } from 'lucide-react';
import type { CampaignParticipant, CampaignProgress } from '@taice/contract';
import { formatAge, formatInteger } from '../../../shared/lib/format';
import { useViewerId } from '../../../shared/session/login-gate';
import { usePreferences } from '../../../shared/stores/preferences';
import { LoadMore } from '../../../shared/ui/load-more';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { MemberName } from '../../races';
import { useCampaignParticipants } from '../api/use-campaign-participants';

type Figures = Pick<CampaignParticipant, 'watched' | 'invites' | 'shares' | 'qualified'>;

/**
 * Who takes part, qualifiers first, with their figures as the server last counted them (every few minutes;
 * final once settled), page by page. The caller's own row shows `mine`, their progress counted just now, so it
 * never disagrees with their progress panel.
 */
export function ParticipantList({
  id,
  empty,
  mine,
  className,
}: {
  id: number;
  /** What the empty list says: nobody yet (join first, or wait for activity), or nobody took part. */
  empty: { title: string; text?: string };
  mine: Pick<CampaignProgress, keyof Figures> | null;
  className?: string;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const viewer = useViewerId();
  const participants = useCampaignParticipants(id);
  const first = participants.data?.pages[0];
  const list = participants.data?.pages.flatMap((page) => page.list) ?? [];

  let body;
  if (participants.isPending) {
    body = (
      <div className="flex flex-col gap-3" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-12 rounded-xl" />
        ))}
      </div>
    );
  } else if (!participants.data) {
    body = <ErrorState onRetry={() => void participants.refetch()} />;
  } else if (list.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-1 py-6 text-center">
        <Users className="size-8 text-muted" aria-hidden />
        <p className="font-semibold">{empty.title}</p>
        {empty.text && <p className="text-sm text-muted">{empty.text}</p>}
      </div>
    );
  } else {
    body = (
      <>
        <ul className="flex flex-col divide-y divide-border/60">
          {list.map((p) => {
            const isMe = p.user_id === viewer;
            const figures: Figures = isMe && mine ? mine : p;
            return (
              <li key={p.user_id} className="flex items-center gap-3 py-2.5" data-testid="campaign-participant">
                <MemberName
                  className="flex-1"
                  userId={p.user_id}
                  name={p.user_name}
                  avatar={p.avatar}
                  isMe={isMe}
                  detail={t('campaigns.participantList.figures', {
                    watched: formatInteger(figures.watched, lang),
                    invites: formatInteger(figures.invites, lang),
                    shares: formatInteger(figures.shares, lang),
                  })}
                />
                {figures.qualified && (
                  <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-success">
                    <CircleCheck className="size-4" aria-hidden />
                    {t('campaigns.participantList.qualified')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        <LoadMore query={participants} />
      </>
    );
  }

  return (
    <section
      aria-labelledby="participants-title"
      className={clsx('flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 wide:p-5', className)}
      data-testid="participant-list"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="participants-title" className="text-lg font-bold">
          {t('campaigns.participantList.title')}
          {first && <span className="ml-2 text-base font-semibold text-muted">{formatInteger(first.total, lang)}</span>}
        </h2>
        {first && (
          <p className="text-xs text-muted">
            {first.refreshed_at
              ? t('campaigns.participantList.refreshed', { age: formatAge(first.refreshed_at, lang) })
              : t('campaigns.participantList.notCounted')}
          </p>
        )}
      </div>
      {body}
    </section>
  );
}
