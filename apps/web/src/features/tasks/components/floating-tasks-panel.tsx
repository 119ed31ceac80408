import { lazy, Suspense, useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { DialogCloseButton } from '../../../shared/ui/modal';
import { ChevronRight, ListChecks } from 'lucide-react';
import type { TaskType } from '@taice/contract';
import { Spinner } from '../../../shared/ui/states';
import { useUnfinishTaskNum } from '../api/use-unfinish-task-num';

// The panel's contents load when it first opens, keeping them out of the first page load.
const TaskBoard = lazy(() => import('./task-board').then((m) => ({ default: m.TaskBoard })));

const TASK_PAGES = [paths.dailyTask, paths.task, paths.taskRecord];

/**
 * The floating tasks panel (spec section 2, overlays): a button on every page
 * of a logged-in user (but the task centre's) with the count of open tasks,
 * opening the task tabs and quests. `docked`: the button sits in the phone's
 * tab bar, where it covers no content, instead of floating over the page.
 */
export function FloatingTasksPanel({ docked }: { docked: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<TaskType>('day');
  const unfinished = useUnfinishTaskNum();
  if (TASK_PAGES.some((page) => matchPath(page, pathname))) return null;
  const count = unfinished.data?.num ?? 0;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className={clsx(
          'grid place-items-center rounded-full bg-accent text-accent-fg transition hover:brightness-105',
          docked
            ? 'relative mx-3 size-12 shrink-0'
            : 'fixed bottom-8 right-8 z-20 size-14 shadow-[0_0.5rem_1.5rem_rgb(0_0_0/0.35)]',
        )}
        aria-label={count > 0 ? t('tasks.panelButtonCount', { count }) : t('tasks.panelButton')}
        data-testid="floating-tasks"
      >
        <ListChecks className="size-7" aria-hidden />
        {count > 0 && (
          <span className="absolute -right-0.5 -top-0.5 min-w-6 rounded-full border-2 border-bg bg-danger px-1 text-center text-xs font-bold leading-5 text-white">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-350 fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-2xl border border-border bg-bg shadow-2xl wide:inset-x-auto wide:bottom-8 wide:right-8 wide:max-h-[calc(100dvh-7rem)] wide:w-[38rem] wide:rounded-2xl"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2">
            <Dialog.Title className="text-lg font-bold">{t('tasks.panelTitle')}</Dialog.Title>
            <DialogCloseButton />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">
            <Suspense fallback={<Spinner />}>
              <TaskBoard tab={tab} onTab={setTab} onNavigate={() => setOpen(false)} compact />
            </Suspense>
          </div>
          <div className="border-t border-border p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <Link
              to={paths.dailyTask}
              onClick={() => setOpen(false)}
              className="flex min-h-11 items-center justify-center gap-1 rounded-lg font-semibold text-accent-text hover:bg-surface-2"
            >
              {t('tasks.openCentre')}
              <ChevronRight className="size-5" aria-hidden />
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
