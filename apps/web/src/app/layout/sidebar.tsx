import { NavLink } from 'react-router';
import { paths, followingPath, servicePath } from '../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  Coins,
  Film,
  FileText,
  Heart,
  House,
  Info,
  Bell,
  ListChecks,
  Megaphone,
  ClockFading,
  Shield,
  SquarePlay,
  Trophy,
  UserPlus,
  Users,
  Wallet,
} from 'lucide-react';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useSession } from '../../shared/session/session';
import { ContactLinks } from '../../features/content';
import { UnreadBadge } from '../../features/messages';

interface Item {
  to: string;
  label: ParseKeys;
  Icon: typeof House;
  /** Shown after the label (the unread messages badge). */
  badge?: ReactNode;
}

function SideLink({ to, label, Icon, badge }: Item) {
  const { t } = useTranslation();
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        clsx(
          'flex min-h-11 items-center gap-3 rounded-lg px-3 text-base transition',
          isActive ? 'bg-surface-2 font-semibold text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
        )
      }
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      <span className="truncate">{t(label)}</span>
      {badge}
    </NavLink>
  );
}

function Group({ title, items }: { title: ParseKeys; items: Item[] }) {
  const { t } = useTranslation();
  return (
    <div className="border-t border-border pt-3">
      <p className="px-3 pb-1 text-sm font-semibold uppercase tracking-wide text-muted">{t(title)}</p>
      {items.map((item) => (
        <SideLink key={item.to} {...item} />
      ))}
    </div>
  );
}

/** Sidebar of the wide layout for logged-in users (spec section 2). */
export function Sidebar() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id);
  return (
    <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-[20rem] shrink-0 overflow-y-auto border-r border-border px-3 py-4 wide:block">
      <nav aria-label={t('nav.mainNavigation')} className="flex flex-col gap-3">
        <div>
          <SideLink to={paths.home} label="nav.home" Icon={House} />
        </div>
        <Group
          title="nav.tasks"
          items={[
            { to: paths.dailyTask, label: 'nav.dailyTask', Icon: ListChecks },
            { to: paths.leaderboard, label: 'nav.leaderboard', Icon: Trophy },
            { to: paths.campaign, label: 'nav.campaign', Icon: Megaphone },
          ]}
        />
        <div className="border-t border-border pt-3">
          <SideLink to={paths.videos} label="nav.videos" Icon={SquarePlay} />
          <SideLink to={paths.portfolio} label="nav.myPortfolio" Icon={Wallet} />
          <SideLink to={paths.points} label="nav.pointsDetails" Icon={Coins} />
        </div>
        <Group
          title="nav.you"
          items={[
            { to: paths.history, label: 'nav.history', Icon: ClockFading },
            { to: paths.likedVideos, label: 'nav.likedVideos', Icon: Heart },
            { to: followingPath(userId, true), label: 'nav.subscriptions', Icon: Users },
          ]}
        />
        <div className="border-t border-border pt-3">
          <SideLink to={paths.myVideos} label="nav.myVideos" Icon={Film} />
          <SideLink to={paths.invitation} label="nav.myInvitation" Icon={UserPlus} />
          <SideLink
            to={paths.messageCenter}
            label="header.messages"
            Icon={Bell}
            badge={<UnreadBadge className="ml-auto" />}
          />
        </div>
        <Group
          title="nav.aboutUs"
          items={[
            { to: paths.about, label: 'nav.aboutUs', Icon: Info },
            { to: paths.policy, label: 'nav.userAgreement', Icon: FileText },
            { to: servicePath(0), label: 'nav.privacyAgreement', Icon: Shield },
          ]}
        />
        <div className="border-t border-border px-1 pt-3">
          <p className="px-2 pb-1 text-sm font-semibold uppercase tracking-wide text-muted">{t('nav.contactUs')}</p>
          <ContactLinks compact />
        </div>
      </nav>
    </aside>
  );
}
