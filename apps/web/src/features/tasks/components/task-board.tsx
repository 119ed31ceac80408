import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { TaskType } from '@taice/contract';
import { useTaskDetail } from '../api/use-task-detail';
import { tabKey, visibleTabs } from '../task-tabs';
import { DailyGroup } from './daily-group';
import { EstimatedEarnings } from './estimated-earnings';
import { QuestList } from './quest-list';

/**
 * The task tabs (daily, new user, hot, challenge; new user dropped when the
 * user has none left) and the open tab's quests; daily shows its group and
 * today's estimated earnings.
 */
export function TaskBoard({
  tab,
  onTab,
  onNavigate,
  compact = false,
}: {
  tab: TaskType;
  onTab: (tab: TaskType) => void;
  onNavigate?: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const daily = useTaskDetail('day');
  const current = useTaskDetail(tab);
  const hasNewUserTask = daily.data?.is_has_new_user_task ?? current.data?.is_has_new_user_task;
  const tabs = visibleTabs(hasNewUserTask);

  useEffect(() => {
    if (hasNewUserTask === false && tab === 'new_user') onTab('day');
  }, [hasNewUserTask, tab, onTab]);

  const detail = current.data;
  return (
    <div className="flex flex-col gap-3">
      <div
        role="tablist"
        aria-label={t('tasks.categories')}
        className="grid auto-cols-fr grid-flow-col gap-1 rounded-full bg-surface-2 p-1"
      >
        {tabs.map((type) => {
          const selected = type === tab;
          return (
            <button
              key={type}
              type="button"
              role="tab"
              id={`${id}-${type}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              onClick={() => onTab(type)}
              className={clsx(
                'min-h-11 whitespace-nowrap rounded-full px-2 text-sm font-semibold transition',
                selected ? 'bg-accent text-accent-fg shadow' : 'text-muted hover:text-fg',
              )}
            >
              {t(tabKey[type])}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`} className="flex flex-col gap-3">
        {tab === 'day' && detail && (
          <div className={clsx('grid gap-3', !compact && 'wide:grid-cols-2')}>
            <DailyGroup detail={detail} />
            <EstimatedEarnings detail={detail} />
          </div>
        )}
        <QuestList
          detail={detail}
          isError={current.isError}
          onRetry={() => void current.refetch()}
          onNavigate={onNavigate}
        />
      </div>
    </div>
  );
}
