import type { TaskType } from '@taice/contract';

/** The task centre's categories in order: daily, new user, hot, challenge. */
export const TASK_TABS = ['day', 'new_user', 'week', 'advanced'] as const satisfies readonly TaskType[];

export const tabKey = {
  day: 'tasks.tab.day',
  new_user: 'tasks.tab.new_user',
  week: 'tasks.tab.week',
  advanced: 'tasks.tab.advanced',
} as const satisfies Record<TaskType, string>;

/** The tabs to show: the new-user one is dropped when the user has no new-user task left (spec section 4). */
export function visibleTabs(hasNewUserTask: boolean | undefined): TaskType[] {
  return TASK_TABS.filter((tab) => tab !== 'new_user' || hasNewUserTask !== false);
}

export function isTaskType(value: string | null): value is TaskType {
  return (TASK_TABS as readonly string[]).includes(value ?? '');
}
