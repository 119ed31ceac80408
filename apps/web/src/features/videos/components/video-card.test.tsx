import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { PostCard } from '@taice/contract';
import { i18nReady } from '../../../shared/i18n/i18n';
import { VideoCard } from './video-card';

const post = (changes: Partial<PostCard> = {}): PostCard => ({
  id: 42,
  title: 'Sunrise over the Alps, filmed at four in the morning after a long hike up',
  cover: '/media/demo/poster.jpg',
  duration: 67.4,
  category_id: 6,
  view_num: 1234,
  like_num: 5,
  comment_num: 2,
  created_at: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
  author: { id: 7, uuid: 'u', nickname: 'Nomad Nina', avatar: '' },
  ...changes,
});

describe('a video card', () => {
  it('shows the poster lazily with alt text, the duration, creator, views and age', async () => {
    await i18nReady;
    render(
      <MemoryRouter>
        <VideoCard post={post()} />
      </MemoryRouter>,
    );
    const poster = screen.getByRole('img', { name: post().title });
    expect(poster.getAttribute('loading')).toBe('lazy');
    expect(screen.getByText('1:07')).toBeTruthy();
    expect(screen.getByText('1.2K views · 3 days ago')).toBeTruthy();
    expect(screen.getByRole('link', { name: post().title }).getAttribute('href')).toBe('/videoDetail?id=42');
    expect(screen.getByRole('link', { name: 'Nomad Nina' }).getAttribute('href')).toBe('/Profile?id=7');
  });

  it('says "1 view" for one view, and shows what it is given instead (history)', async () => {
    await i18nReady;
    const { rerender } = render(
      <MemoryRouter>
        <VideoCard post={post({ view_num: 1 })} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/^1 view · /)).toBeTruthy();
    rerender(
      <MemoryRouter>
        <VideoCard post={post()} meta="Watched 5 minutes ago" />
      </MemoryRouter>,
    );
    expect(screen.getByText('Watched 5 minutes ago')).toBeTruthy();
  });
});
