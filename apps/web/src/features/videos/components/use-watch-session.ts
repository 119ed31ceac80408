import { useEffect, type RefObject } from 'react';
import { ApiError, TRANSPORT_ERROR_CODE } from '../../../shared/api/client';
import { useViewerId } from '../../auth/use-login-gate';
import { addViewLog } from '../api/add-view-log';
import { createWatchSession } from './watch-session';

/**
 * Ties a <video> to a server watch session: heartbeats while it plays and the
 * page is visible. A login or logout starts a new session for the new viewer.
 */
export function useWatchSession(videoRef: RefObject<HTMLVideoElement | null>, postId: number) {
  const viewer = useViewerId();
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const session = createWatchSession({
      postId,
      send: addViewLog,
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
  }, [videoRef, postId, viewer]);
}
