import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Quest } from '@taice/contract';
import { i18nReady } from '../../../shared/i18n/i18n';
import { QuestItem } from './quest-item';

const quest = (changes: Partial<Quest> = {}): Quest => ({
  id: 1,
  task_name: 'Watch videos for 3 minutes',
  task_key: 'watch_video',
  unit_key: 'time',
  complete_num: 2,
  total_num: 3,
  point: 10,
  is_complete: 0,
  group_no: 1,
  ...changes,
});

describe('a quest', () => {
  it('shows progress in minutes for watch time, its points, and where to do it', async () => {
    await i18nReady;
    render(
      <MemoryRouter>
        <ul>
          <QuestItem quest={quest()} />
        </ul>
      </MemoryRouter>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Watch videos for 3 minutes' });
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    expect(bar.getAttribute('aria-valuetext')).toBe('2 / 3 min');
    expect(screen.getByText('+10')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go: Watch videos for 3 minutes' }).getAttribute('href')).toBe(
      '/V2/videos',
    );
  });

  it('counts other tasks and shows Done once complete', async () => {
    await i18nReady;
    render(
      <MemoryRouter>
        <ul>
          <QuestItem
            quest={quest({
              task_name: 'Invite a friend',
              task_key: 'invite',
              unit_key: 'other',
              complete_num: 1,
              total_num: 1,
              is_complete: 1,
            })}
          />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('1 / 1');
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
