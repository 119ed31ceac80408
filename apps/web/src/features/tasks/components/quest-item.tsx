import { Link } from 'react-router';
import { paths, type AppPath } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  CalendarCheck,
  Check,
  Gem,
  Glasses,
  MessageSquare,
  Share2,
  SquarePlay,
  ThumbsUp,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { Quest, TaskKey } from '@taice/contract';
import { formatReward } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';

const taskIcon: Record<TaskKey, LucideIcon> = {
  watch_video: SquarePlay,
  sign_in: CalendarCheck,
  share_post: Share2,
  comment: MessageSquare,
  like: ThumbsUp,
  buy_spk_nft: Glasses,
  invite: UserPlus,
  invite_base_nft: Gem,
};

/** Where a task is done. */
const taskPath: Record<TaskKey, AppPath> = {
  watch_video: paths.videos,
  sign_in: paths.home,
  share_post: paths.videos,
  comment: paths.videos,
  like: paths.videos,
  buy_spk_nft: paths.marketplace,
  invite: paths.invitation,
  invite_base_nft: paths.invitation,
};

/** One task: what to do, progress (minutes for watch time), its points, and Go or Done. */
export function QuestItem({ quest, onNavigate }: { quest: Quest; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const Icon = taskIcon[quest.task_key];
  const done = quest.is_complete === 1;
  const ratio = quest.total_num > 0 ? Math.min(1, quest.complete_num / quest.total_num) : done ? 1 : 0;
  const progress =
    quest.unit_key === 'time'
      ? t('tasks.progressMinutes', { done: quest.complete_num, total: quest.total_num })
      : t('tasks.progressCount', { done: quest.complete_num, total: quest.total_num });
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="quest" data-done={done || undefined}>
      <span
        className={clsx(
          'grid size-11 shrink-0 place-items-center rounded-full',
          done ? 'bg-success/15 text-success' : 'bg-accent/15 text-accent-text',
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold leading-snug">{quest.task_name}</p>
        <div className="mt-1.5 flex items-center gap-2">
          <div
            className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2"
            role="progressbar"
            aria-label={quest.task_name}
            aria-valuemin={0}
            aria-valuemax={quest.total_num}
            aria-valuenow={quest.complete_num}
            aria-valuetext={progress}
          >
            <div
              className={clsx('h-full rounded-full transition-[width] duration-700', done ? 'bg-success' : 'bg-accent')}
              style={{ width: `${ratio * 100}%` }}
            />
          </div>
          <span className="shrink-0 text-xs tabular-nums text-muted">{progress}</span>
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className="text-sm font-bold tabular-nums text-accent-text">+{formatReward(quest.point, lang)}</span>
        {done ? (
          <span className="inline-flex min-h-9 items-center gap-1 rounded-full bg-success/15 px-3 text-sm font-semibold text-success">
            <Check className="size-4" aria-hidden />
            {t('tasks.done')}
          </span>
        ) : (
          <Link
            to={taskPath[quest.task_key]}
            onClick={onNavigate}
            className="inline-flex min-h-11 min-w-16 items-center justify-center rounded-full bg-accent px-4 text-sm font-semibold text-accent-fg hover:brightness-105"
            aria-label={`${t('tasks.go')}: ${quest.task_name}`}
          >
            {t('tasks.go')}
          </Link>
        )}
      </div>
    </li>
  );
}
