import { errorMessage, isErrorKey, toApiLang, type ErrorKey, type MessageParams } from '@taice/contract';
import { currentLang } from '../../shared/i18n/i18n';

export interface SyncChoice {
  selected: number;
  categoryId: number | null;
  publish: boolean;
}

/** What the server would refuse first, in its order and with its words (spec: YouTube sync); null when it would accept. */
export function syncProblem({ selected, categoryId, publish }: SyncChoice): ErrorKey | null {
  if (selected === 0) return 'youtube_videos_required';
  if (categoryId === null) return 'youtube_category_required';
  if (!publish) return 'youtube_publish_required';
  return null;
}

/** A catalogue message in the UI language. */
export function worded(key: ErrorKey, params?: MessageParams): string {
  return errorMessage(key, toApiLang(currentLang()), params);
}

export type YoutubeReturn = { connected: true } | { error: ErrorKey };

/**
 * What the connection's callback left in the address fragment:
 * `#youtube_connected=1` or `#youtube_error=<error key>`; null when the fragment is about something else.
 */
export function parseYoutubeReturn(hash: string): YoutubeReturn | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('youtube_error')?.trim();
  if (error !== undefined) return { error: isErrorKey(error) ? error : 'youtube_connect_invalid' };
  return params.get('youtube_connected') === '1' ? { connected: true } : null;
}
