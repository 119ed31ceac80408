import type { ReactNode } from 'react';
import clsx from 'clsx';
import { useSession } from '../../../shared/session/session';
import { MemberName } from './member-name';
import { isPodium, RankBadge } from './rank-badge';

/**
 * A place on a board as a card: the rank, the member (with `detail` under the name and `children` below) and the
 * figure the board ranks by on the right; the first three and the caller's own card stand out. `pinned` is the
 * caller's card kept at the foot.
 */
export function BoardCard({
  row,
  isMe,
  pinned = false,
  detail,
  figure,
  figureTestId,
  children,
}: {
  row: { rank: number | null; user_id: number; user_name: string; avatar: string };
  isMe: boolean;
  pinned?: boolean;
  detail?: string;
  figure: ReactNode;
  figureTestId: string;
  children?: ReactNode;
}) {
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
        <MemberName userId={row.user_id} name={row.user_name} avatar={row.avatar} isMe={isMe} detail={detail} />
        {children}
      </div>
      <p className="shrink-0 text-right" data-testid={figureTestId}>
        {figure}
      </p>
    </div>
  );
}

/** A card's figure: the number, and what it counts below it. */
export function BoardFigure({ value, unit }: { value: string; unit: string }) {
  return (
    <>
      <span className="block font-extrabold tabular-nums text-accent-text">{value}</span>
      <span className="block text-xs text-muted">{unit}</span>
    </>
  );
}

/** The caller's card, or what stands in for it, while not in the list: kept at the foot of the screen. */
export function PinnedToFoot({ testId, children }: { testId: string; children: ReactNode }) {
  const loggedIn = useSession((s) => s.token !== null);
  // A member's tab bar (phones) is 14 spacing units and a border tall; the card sits just above it.
  return (
    <div
      className={clsx(
        'sticky z-20 -mx-1 rounded-2xl bg-bg/90 p-1 backdrop-blur',
        loggedIn ? 'bottom-[calc(var(--spacing)*14+1px+env(safe-area-inset-bottom))] wide:bottom-0' : 'bottom-0',
      )}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
