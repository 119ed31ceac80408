import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CircleCheck, CircleDashed, Lock, LogIn, Users } from 'lucide-react';
import { formatDateTime } from '../../../shared/lib/format';
import { useLoginDialog } from '../../../shared/session/login-dialog';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import type { CampaignView } from '../api/use-campaign-detail';
import { conditionProgress, isOver } from '../campaign-model';
import { ConditionBar } from './condition-bar';
import { JoinButton } from './join-button';

function QualifiedBadge({ qualified, final }: { qualified: boolean; final: boolean }) {
  const { t } = useTranslation();
  const Icon = qualified ? CircleCheck : CircleDashed;
  const text = final
    ? t(qualified ? 'campaigns.progress.finalQualified' : 'campaigns.progress.finalNotQualified')
    : t(qualified ? 'campaigns.progress.qualified' : 'campaigns.progress.notQualified');
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold',
        qualified ? 'bg-success/15 text-success' : 'bg-fg/10 text-muted',
      )}
      data-testid="qualified-state"
    >
      <Icon className="size-3.5" aria-hidden />
      {text}
    </span>
  );
}

/** How a member takes part: by joining (the button, or a note once joined or too late) or automatically. */
function Participation({ campaign }: { campaign: CampaignView }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const show = useLoginDialog((s) => s.show);
  const { me, status } = campaign;
  const over = isOver(status);
  if (campaign.join_mode === 'auto') {
    return (
      <div className="flex flex-col gap-3">
        <p className="flex items-start gap-2 text-sm text-muted">
          <Users className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('campaigns.progress.auto')}
        </p>
        {me === null && !over && (
          <Button variant="secondary" block onClick={() => show(0)}>
            <LogIn className="size-5" aria-hidden />
            {t('campaigns.progress.logIn')}
          </Button>
        )}
      </div>
    );
  }
  if (me?.joined) {
    return (
      <p className="flex items-center gap-2 font-semibold text-success" data-testid="joined">
        <CircleCheck className="size-5" aria-hidden />
        {t('campaigns.progress.joined')}
      </p>
    );
  }
  if (status === 'ongoing') {
    return (
      <div className="flex flex-col gap-2">
        <JoinButton id={campaign.id} visitor={me === null} />
        <p className="text-sm text-muted">{t('campaigns.progress.joinHint')}</p>
      </div>
    );
  }
  if (status === 'upcoming') {
    return (
      <Button size="lg" block disabled>
        <Lock className="size-5" aria-hidden />
        {t('campaigns.progress.opensAt', { date: formatDateTime(campaign.starts_at, lang) })}
      </Button>
    );
  }
  return over && me ? <p className="text-sm text-muted">{t('campaigns.progress.notJoined')}</p> : null;
}

/**
 * The caller's side of a campaign: how they take part, each condition with their figure (counted now while it
 * runs, final once settled) and whether they qualify. A visitor sees the goals and is asked to log in.
 */
export function MyProgress({ campaign, className }: { campaign: CampaignView; className?: string }) {
  const { t } = useTranslation();
  const { me, status } = campaign;
  const over = isOver(status);
  const takesPart = me !== null && (campaign.join_mode === 'auto' || me.joined);
  const rows = conditionProgress(campaign.conditions, me);
  return (
    <section
      aria-labelledby="my-progress-title"
      className={clsx('flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 wide:p-5', className)}
      data-testid="my-progress"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="my-progress-title" className="text-lg font-bold">
          {t(me === null ? 'campaigns.progress.goalsTitle' : 'campaigns.progress.title')}
        </h2>
        {takesPart && <QualifiedBadge qualified={me.qualified} final={status === 'settled'} />}
      </div>
      <Participation campaign={campaign} />
      {/* Once it is over, the conditions matter only to those who took part. */}
      {over && me !== null && !takesPart ? null : rows.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <ConditionBar key={row.key} progress={row} showFigure={me !== null} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">
          {t(campaign.join_mode === 'auto' ? 'campaigns.progress.anyActivity' : 'campaigns.progress.noConditions')}
        </p>
      )}
      {me !== null && !over && <p className="text-xs text-muted">{t('campaigns.progress.note')}</p>}
    </section>
  );
}
