import { useTranslation } from 'react-i18next';
import type { TaskDetail } from '@taice/contract';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { QuestItem } from './quest-item';

/** The quests of one tab, with loading, empty and error states. */
export function QuestList({
  detail,
  isError,
  onRetry,
  onNavigate,
}: {
  detail: TaskDetail | undefined;
  isError: boolean;
  onRetry: () => void;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  if (!detail && isError) return <ErrorState onRetry={onRetry} />;
  if (!detail) {
    return (
      <ul className="divide-y divide-border rounded-xl border border-border bg-surface" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="flex items-center gap-3 px-4 py-3">
            <Skeleton className="size-11 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-2 w-full" />
            </div>
            <Skeleton className="h-9 w-16 rounded-full" />
          </li>
        ))}
      </ul>
    );
  }
  if (detail.quest.length === 0) return <EmptyState title={t('tasks.empty')} text={t('tasks.emptyText')} />;
  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-surface" data-testid="quest-list">
      {detail.quest.map((q) => (
        <QuestItem key={q.id} quest={q} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}
