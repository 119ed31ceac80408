import type { VideoEvents } from '../videos/video-events';
import type { Messages } from './messages';

/** Tells a creator, in the moderation's transaction, that an operator took their video down or put it back up. */
export function tellCreatorsOfModeration(events: VideoEvents, messages: Messages): void {
  events.on('videoModerated', async (tx, e) => {
    await messages.send(tx, {
      userId: e.authorId,
      template: e.action === 'take_down' ? 'video_taken_down' : 'video_put_up',
      params: { title: e.title, reason: e.reason },
    });
  });
}
