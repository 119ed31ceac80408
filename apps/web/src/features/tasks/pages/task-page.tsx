import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { CalendarCheck, ChevronRight, Gift, History, Sparkles, UserPlus, type LucideIcon } from 'lucide-react';
import type { TaskType } from '@taice/contract';
import { Page } from '../../../shared/ui/page';
import { useTaskDetail } from '../api/use-task-detail';
import { TaskBoard } from '../components/task-board';
import { TaskStats } from '../components/task-stats';
import { isTaskType } from '../task-tabs';

const rules: {
  Icon: LucideIcon;
  key: 'tasks.ruleSignIn' | 'tasks.ruleGroups' | 'tasks.ruleNewUser' | 'tasks.ruleInvite';
}[] = [
  { Icon: CalendarCheck, key: 'tasks.ruleSignIn' },
  { Icon: Gift, key: 'tasks.ruleGroups' },
  { Icon: Sparkles, key: 'tasks.ruleNewUser' },
  { Icon: UserPlus, key: 'tasks.ruleInvite' },
];

/** /V2/task and /Task, the task centre: the figures, the task tabs and how earning works. */
export default function TaskPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TaskType = isTaskType(raw) ? raw : 'day';
  const detail = useTaskDetail(tab);
  const onTab = useCallback(
    (next: TaskType) => setParams(next === 'day' ? {} : { tab: next }, { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return (
    <Page
      title={t('tasks.centre')}
      actions={
        <Link
          to={paths.taskRecord}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-accent-text hover:bg-surface-2"
        >
          <History className="size-4" aria-hidden />
          {t('routes.TaskRecord')}
        </Link>
      }
    >
      <div className="flex flex-col gap-6">
        <TaskStats detail={detail.data} />
        <div className="grid gap-6 wide:grid-cols-[minmax(0,8fr)_minmax(0,4fr)] wide:items-start wide:gap-8">
          <TaskBoard tab={tab} onTab={onTab} />
          <aside className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 wide:p-5">
            <h2 className="text-lg font-bold">{t('tasks.howItWorks')}</h2>
            <ul className="flex flex-col gap-3">
              {rules.map(({ Icon, key }) => (
                <li key={key} className="flex items-start gap-3 text-sm">
                  <Icon className="mt-0.5 size-5 shrink-0 text-accent-text" aria-hidden />
                  <span className="text-muted">{t(key)}</span>
                </li>
              ))}
            </ul>
            <Link
              to={paths.points}
              className="mt-1 flex min-h-11 items-center justify-between rounded-lg bg-surface-2 px-3 font-semibold hover:bg-border"
            >
              {t('routes.points')}
              <ChevronRight className="size-5 text-muted" aria-hidden />
            </Link>
          </aside>
        </div>
      </div>
    </Page>
  );
}
