import { describe, expect, it } from 'vitest';
import { isTaskType, visibleTabs } from './task-tabs';

describe('task tabs', () => {
  it('are daily, new user, hot and challenge, dropping new user when there is none left', () => {
    expect(visibleTabs(true)).toEqual(['day', 'new_user', 'week', 'advanced']);
    expect(visibleTabs(undefined)).toEqual(['day', 'new_user', 'week', 'advanced']);
    expect(visibleTabs(false)).toEqual(['day', 'week', 'advanced']);
  });
  it('accept only known types from the address', () => {
    expect(isTaskType('week')).toBe(true);
    expect(isTaskType('monthly')).toBe(false);
    expect(isTaskType(null)).toBe(false);
  });
});
