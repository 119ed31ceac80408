import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, Share2, UserCheck, UserPlus, Coins, type LucideIcon } from 'lucide-react';
import { formatBalance, formatInteger, formatReward } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { copyText } from '../../../shared/ui/copy';
import { LinkShareDialog } from '../../../shared/ui/link-share-dialog';
import { useMiniAppLink } from '../../../shared/telegram/mini-app-link';
import { Page } from '../../../shared/ui/page';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { invitationLink, useInvitationDetail } from '../api/use-invitation-detail';
import { InvitationHistory } from '../components/invitation-history';
import { InviteMilestones } from '../components/invite-milestones';
import { InviteSteps } from '../components/invite-steps';

function Stat({ Icon, label, value, testId }: { Icon: LucideIcon; label: string; value?: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-surface p-3 wide:p-4">
      <dt className="flex items-center gap-1.5 text-sm text-muted">
        <Icon className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0">{label}</span>
      </dt>
      <dd className="truncate text-xl font-extrabold tabular-nums wide:text-2xl" data-testid={testId}>
        {value ?? <Skeleton className="h-7 w-14" />}
      </dd>
    </div>
  );
}

/** /V2/invitation and /Referral: the invite link, three steps, friends and rewards, milestones and history. */
export default function InvitationPage() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const detail = useInvitationDetail();
  const [sharing, setSharing] = useState(false);
  const d = detail.data;
  const link = d ? invitationLink(d.invite_path) : '';
  const telegramLink = useMiniAppLink({ inviteCode: d?.user.invite_code });
  const reward = d?.referral_reward ?? 0;
  return (
    <Page title={t('routes.invitation')}>
      <div className="grid gap-6 wide:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] wide:gap-8">
        <section
          aria-labelledby="invite-title"
          className="relative overflow-hidden rounded-2xl border border-accent/30 bg-linear-to-br from-accent/25 via-surface to-surface p-4 wide:p-6"
        >
          <h2 id="invite-title" className="text-xl font-extrabold wide:text-2xl">
            {d ? t('referral.heroTitle', { reward: formatReward(reward, lang) }) : <Skeleton className="h-7 w-64" />}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('referral.heroText')}</p>
          {detail.isError && !d ? (
            <ErrorState onRetry={() => void detail.refetch()} />
          ) : (
            <>
              <div className="mt-4 flex items-center gap-2 rounded-lg border border-border bg-bg p-1.5 pl-3">
                <label htmlFor="invite-link" className="sr-only">
                  {t('referral.yourLink')}
                </label>
                <input
                  id="invite-link"
                  readOnly
                  value={link}
                  onFocus={(e) => e.currentTarget.select()}
                  className="min-w-0 flex-1 truncate bg-transparent text-sm focus:outline-none"
                  data-testid="invite-link"
                />
                <Button className="shrink-0" disabled={!d} onClick={() => void copyText(link)}>
                  <Copy className="size-4" aria-hidden />
                  {t('referral.copy')}
                </Button>
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                <Button variant="secondary" disabled={!d} onClick={() => setSharing(true)}>
                  <Share2 className="size-4" aria-hidden />
                  {t('referral.share')}
                </Button>
                {d && (
                  <p className="text-sm text-muted">
                    {t('referral.yourCode')}{' '}
                    <span className="font-mono font-bold tracking-wider text-fg">{d.user.invite_code}</span>
                  </p>
                )}
              </div>
            </>
          )}
        </section>

        <dl className="grid grid-cols-3 gap-2 self-start wide:grid-cols-1 wide:gap-3">
          <Stat
            Icon={UserPlus}
            label={t('referral.totalInvited')}
            value={d && formatInteger(d.user.invite_num, lang)}
            testId="invited-count"
          />
          <Stat
            Icon={UserCheck}
            label={t('referral.confirmedFriends')}
            value={d && formatInteger(d.confirmed_num, lang)}
            testId="confirmed-count"
          />
          <Stat
            Icon={Coins}
            label={t('referral.rewardPoints')}
            value={d && formatBalance(d.reward_points, lang)}
            testId="referral-points"
          />
        </dl>

        <div className="wide:col-span-2">
          {d ? <InviteSteps reward={reward} /> : <Skeleton className="h-40 rounded-xl" />}
        </div>
        <div className="order-last wide:order-none">
          <InvitationHistory onInvite={() => setSharing(true)} />
        </div>
        <div className="wide:self-start">
          <InviteMilestones />
        </div>
      </div>
      {d && (
        <LinkShareDialog
          title={t('referral.shareTitle')}
          message={t('referral.shareText')}
          link={link}
          linkLabel={t('referral.yourLink')}
          telegramLink={telegramLink}
          open={sharing}
          onOpenChange={setSharing}
        />
      )}
    </Page>
  );
}
