import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ChannelPost } from '@taice/contract';
import { i18nReady } from '../../../shared/i18n/i18n';
import { MyVideoCard } from './my-video-card';
import type { VideoActions } from './use-video-actions';

const base: ChannelPost = {
  id: 41,
  title: 'Harbour at dawn',
  cover: '/media/c.jpg',
  duration: 75,
  status: 1,
  status_name: 'published',
  taken_down_by: null,
  moderation_reason: '',
  can_take_down: 1,
  can_put_up: 0,
  failure_reason: '',
  category_id: 1,
  category_name: 'Travel',
  view_num: 1234,
  like_num: 56,
  comment_num: 3,
  share_num: 2,
  watch_seconds: 3600,
  earned: 0,
  pool_paid: 12.5,
  created_at: '2026-11-30T10:00:00.000Z',
  published_at: '2026-11-30T10:05:00.000Z',
};

function actions(): VideoActions {
  const done = vi.fn(() => Promise.resolve(true));
  return {
    busy: false,
    pending: { upDown: undefined, remove: undefined, retry: undefined },
    takeDown: done,
    putUp: done,
    remove: done,
    retry: done,
  };
}

async function renderCard(post: ChannelPost, handlers = actions()) {
  await i18nReady;
  render(
    <MemoryRouter>
      <MyVideoCard post={post} actions={handlers} />
    </MemoryRouter>,
  );
  return { card: screen.getByTestId('my-video'), handlers };
}

describe('a video in its creator’s list', () => {
  it('shows a published video with its figures and the actions it allows', async () => {
    const user = userEvent.setup();
    const { card, handlers } = await renderCard(base);
    expect(within(card).getByTestId('video-status').textContent).toBe('Published');
    expect(within(card).getByTestId('video-figures').textContent).toContain('1.2K');
    expect(within(card).getByTestId('video-figures').textContent).toContain('12.50');
    expect(within(card).getByRole('link', { name: 'Watch' }).getAttribute('href')).toBe('/videoDetail?id=41');
    expect(within(card).getByRole('link', { name: 'Statistics' }).getAttribute('href')).toBe('/Analyze?post_id=41');
    expect(within(card).queryByRole('button', { name: 'Put up' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Take down' }));
    expect(handlers.takeDown).toHaveBeenCalledWith(base);
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(handlers.remove).toHaveBeenCalledWith(base);
  });

  it('says an operator took it down and offers no put-up', async () => {
    const { card } = await renderCard({
      ...base,
      status: 2,
      status_name: 'taken_down',
      taken_down_by: 'operator',
      moderation_reason: 'Copyrighted music',
      can_take_down: 0,
    });
    expect(within(card).getByTestId('video-note').textContent).toContain('Copyrighted music');
    expect(within(card).queryByRole('button', { name: 'Put up' })).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Watch' })).toBeNull();
  });

  it('offers a retry with the reason when processing failed, and nothing but delete while processing', async () => {
    const failed = await renderCard({
      ...base,
      status: 5,
      status_name: 'failed',
      can_take_down: 0,
      failure_reason: 'Video processing failed',
      published_at: null,
    });
    expect(within(failed.card).getByTestId('video-note').textContent).toContain('Video processing failed');
    expect(within(failed.card).getByRole('button', { name: 'Retry' })).toBeTruthy();
    cleanup();
    const { card } = await renderCard({ ...base, status: 4, status_name: 'processing', can_take_down: 0 });
    expect(within(card).getByTestId('video-status').textContent).toBe('Processing');
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete']);
  });
});
