import { Link } from 'react-router';
import { creatorPath } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import type { CreatorSummary } from '@taice/contract';
import { formatCount } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Avatar } from '../../../shared/ui/avatar';
import { Skeleton } from '../../../shared/ui/states';
import { FollowButton } from './follow-button';

/** A creator in a list: avatar, name, followers and videos, and a follow button. */
export function CreatorCard({ creator, extra }: { creator: CreatorSummary; extra?: string }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const parts = [
    t('creator.followersCount', { count: creator.be_follow_num, n: formatCount(creator.be_follow_num, lang) }),
  ];
  if (creator.post_num !== undefined)
    parts.push(t('creator.videosCount', { count: creator.post_num, n: formatCount(creator.post_num, lang) }));
  if (extra) parts.push(extra);
  return (
    <article
      className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3 wide:p-4"
      data-testid="creator-card"
    >
      <Link to={creatorPath(creator.id)} className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar src={creator.avatar} name={creator.nickname} className="size-14" />
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{creator.nickname}</h3>
          <p className="truncate text-sm text-muted">{parts.join(' · ')}</p>
        </div>
      </Link>
      <FollowButton userId={creator.id} isFollow={creator.is_follow === 1} size="sm" />
    </article>
  );
}

export function CreatorCardSkeleton() {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3 wide:p-4" aria-hidden>
      <Skeleton className="size-14 shrink-0 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3.5 w-2/3" />
      </div>
      <Skeleton className="h-11 w-24 rounded-md" />
    </div>
  );
}

/** Creator cards: one column on a phone, several on a desktop. */
export const creatorGridClass = 'grid grid-cols-[repeat(auto-fill,minmax(min(100%,30rem),1fr))] gap-3';
