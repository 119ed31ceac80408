import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { PromoterRow } from '@taice/contract';
import { formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { MemberName } from './member-name';
import { isPodium, RankBadge } from './rank-badge';

/** One promoter: place, member and the friends they had confirmed in this race. */
export function PromoterItem({
  row,
  isMe,
  pinned = false,
}: {
  row: PromoterRow | (Omit<PromoterRow, 'rank'> & { rank: number | null });
  isMe: boolean;
  pinned?: boolean;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <div
      className={clsx(
        'flex items-center gap-3 rounded-xl border bg-surface px-3 py-2.5 wide:px-4',
        pinned ? 'border-accent/60' : 'border-border',
        !pinned && isPodium(row.rank) && 'border-accent/40 bg-linear-to-r from-accent/15 to-surface',
        !pinned && isMe && 'border-accent bg-accent/15',
      )}
    >
      <RankBadge rank={row.rank} />
      <div className="min-w-0 flex-1">
        <MemberName
          userId={row.user_id}
          name={row.user_name}
          avatar={row.avatar}
          isMe={isMe}
          detail={row.rank === null ? t('races.notRanked') : undefined}
        />
      </div>
      <p className="shrink-0 text-right" data-testid="promoter-invites">
        <span className="block font-extrabold tabular-nums text-accent-text">{formatInteger(row.invites, lang)}</span>
        <span className="block text-xs text-muted">{t('races.promoters.friends', { count: row.invites })}</span>
      </p>
    </div>
  );
}
