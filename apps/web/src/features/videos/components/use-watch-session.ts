import { useEffect, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, TRANSPORT_ERROR_CODE } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';
import { useViewerId } from '../../../shared/session/login-gate';
import { sendHeartbeat } from '../api/add-view-log';
import { postDetailRoot } from '../api/use-post-detail';
import { createWatchSession } from './watch-session';

/**
 * Ties a <video> to a server watch session: heartbeats while it plays and the
 * page is visible. A login or logout starts a new session for the new viewer.
 * When the watch comes to count, the video is fetched again (the count may
 * have added this viewer's view) and so are a member's TAICE figures (the
 * first watch pays the new-user reward and watches advance tasks).
 */
export function useWatchSession(videoRef: RefObject<HTMLVideoElement | null>, postId: number) {
  const viewer = useViewerId();
  const queryClient = useQueryClient();
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let counted = false;
    const session = createWatchSession({
      postId,
      send: async (body) => {
        const answer = await sendHeartbeat(body);
        if (answer.counted === 1 && !counted) {
          counted = true;
          void queryClient.invalidateQueries({ queryKey: postDetailRoot(postId) });
          if (viewer !== 0) void queryClient.invalidateQueries({ queryKey: EARNINGS_QUERY_ROOT });
        }
        return answer;
      },
      position: () => video.currentTime,
      lost: (error) => error instanceof ApiError && error.code !== TRANSPORT_ERROR_CODE,
    });
    const onPlaying = () => session.play();
    const onStop = () => session.pause();
    const onVisibility = () => session.visibility(document.visibilityState !== 'hidden');
    video.addEventListener('playing', onPlaying);
    video.addEventListener('pause', onStop);
    video.addEventListener('ended', onStop);
    video.addEventListener('emptied', onStop);
    document.addEventListener('visibilitychange', onVisibility);
    onVisibility();
    if (!video.paused && !video.ended && video.readyState > 2) session.play();
    return () => {
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onStop);
      video.removeEventListener('ended', onStop);
      video.removeEventListener('emptied', onStop);
      document.removeEventListener('visibilitychange', onVisibility);
      session.dispose();
    };
  }, [videoRef, postId, viewer, queryClient]);
}
