import { youtubeCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';

/**
 * Leaves for Google to connect the caller's YouTube channel (the server keeps the flow's state and
 * sets its cookie); Google's answer brings the browser back to /Youtube with the outcome in the fragment.
 */
export async function connectYoutube(): Promise<void> {
  const { url } = await call(youtubeCalls.youtubeConnect);
  window.location.assign(url);
}
