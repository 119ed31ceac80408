import { describe, expect, it } from 'vitest';
import { parseYoutubeReturn, syncProblem } from './sync-form';

describe('the sync form', () => {
  it('finds the first problem in the server’s order', () => {
    expect(syncProblem({ selected: 0, categoryId: null, publish: false })).toBe('youtube_videos_required');
    expect(syncProblem({ selected: 2, categoryId: null, publish: false })).toBe('youtube_category_required');
    expect(syncProblem({ selected: 2, categoryId: 3, publish: false })).toBe('youtube_publish_required');
    expect(syncProblem({ selected: 2, categoryId: 3, publish: true })).toBeNull();
  });

  it('reads the connection’s outcome from the fragment, and nothing else', () => {
    expect(parseYoutubeReturn('#youtube_connected=1')).toEqual({ connected: true });
    expect(parseYoutubeReturn('#youtube_error=youtube_channel_taken')).toEqual({ error: 'youtube_channel_taken' });
    expect(parseYoutubeReturn('#youtube_error=<script>')).toEqual({ error: 'youtube_connect_invalid' });
    expect(parseYoutubeReturn('#google_ticket=abc')).toBeNull();
    expect(parseYoutubeReturn('')).toBeNull();
  });
});
