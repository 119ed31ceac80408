import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import {
  Award,
  Bell,
  ChevronRight,
  Coins,
  Gift,
  History,
  ListChecks,
  Package,
  PartyPopper,
  Trophy,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { formatBalance } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Avatar } from '../../../shared/ui/avatar';
import { LevelBar } from '../../../shared/ui/level-bar';
import { Page } from '../../../shared/ui/page';
import { Skeleton } from '../../../shared/ui/states';
import { useMe } from '../../../shared/session/api/use-me';
import { UnreadBadge } from '../../messages';
import { BalanceSummary } from '../components/balance-summary';

interface PortfolioLink {
  to: string;
  title: ParseKeys;
  text: ParseKeys;
  Icon: LucideIcon;
  badge?: ReactNode;
}

const earnLinks: PortfolioLink[] = [
  { to: paths.dailyTask, title: 'portfolio.tasks', text: 'portfolio.tasksText', Icon: ListChecks },
  { to: paths.points, title: 'portfolio.points', text: 'portfolio.pointsText', Icon: Coins },
  { to: paths.invitation, title: 'portfolio.invite', text: 'portfolio.inviteText', Icon: UserPlus },
  { to: paths.taskRecord, title: 'portfolio.record', text: 'portfolio.recordText', Icon: History },
  { to: paths.leaderboard, title: 'portfolio.leaderboard', text: 'portfolio.leaderboardText', Icon: Trophy },
  { to: paths.activityCenter, title: 'portfolio.campaigns', text: 'portfolio.campaignsText', Icon: PartyPopper },
  { to: paths.promoteRewards, title: 'races.portfolio.rewards', text: 'races.portfolio.rewardsText', Icon: Award },
];

const spendLinks: PortfolioLink[] = [
  { to: paths.exchange, title: 'portfolio.redeem', text: 'portfolio.redeemText', Icon: Gift },
  { to: paths.myOrder, title: 'portfolio.orders', text: 'portfolio.ordersText', Icon: Package },
  {
    to: paths.messageCenter,
    title: 'portfolio.messages',
    text: 'portfolio.messagesText',
    Icon: Bell,
    badge: <UnreadBadge />,
  },
];

function LinkList({ label, links }: { label: string; links: PortfolioLink[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} className="grid gap-3">
      {links.map(({ to, title, text, Icon, badge }) => (
        <Link
          key={to}
          to={to}
          className="flex min-h-16 items-center gap-3 rounded-xl border border-border bg-surface p-4 transition hover:border-accent/60"
        >
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text">
            <Icon className="size-5" aria-hidden />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold">{t(title)}</span>
            <span className="block text-sm text-muted">{t(text)}</span>
          </span>
          {badge}
          <ChevronRight className="size-5 shrink-0 text-muted" aria-hidden />
        </Link>
      ))}
    </nav>
  );
}

/** /V2/My, My Portfolio: balance and its parts, level progress, today's earnings, where to earn more and to spend. */
export default function PortfolioPage() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const me = useMe();
  const user = me.data;
  const level = user?.user_level;
  const toNext = level ? Math.max(0, level.max_point - level.now_point) : 0;
  return (
    <Page title={t('routes.My')}>
      <div className="grid gap-6 wide:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] wide:items-start wide:gap-8">
        <div className="flex flex-col gap-6">
          <BalanceSummary />
          <section aria-labelledby="level-title" className="rounded-xl border border-border bg-surface p-4 wide:p-6">
            <div className="mb-3 flex items-center gap-3">
              {user ? (
                <Avatar src={user.avatar} name={user.nickname} className="size-12" />
              ) : (
                <Skeleton className="size-12 rounded-full" />
              )}
              <div className="min-w-0">
                <h2 id="level-title" className="truncate text-lg font-bold">
                  {user?.nickname ?? t('portfolio.level')}
                </h2>
                {level && (
                  <p className="text-sm text-muted">
                    {level.max_point > level.now_point
                      ? t('portfolio.toNextLevel', {
                          points: formatBalance(toNext, lang),
                          level: level.level_no + 1,
                        })
                      : t('portfolio.topLevel')}
                  </p>
                )}
              </div>
            </div>
            {level ? <LevelBar level={level} /> : <Skeleton className="h-8 w-full" />}
          </section>
        </div>
        <div className="flex flex-col gap-6">
          <LinkList label={t('portfolio.linksLabel')} links={earnLinks} />
          <LinkList label={t('portfolio.spendLabel')} links={spendLinks} />
        </div>
      </div>
    </Page>
  );
}
