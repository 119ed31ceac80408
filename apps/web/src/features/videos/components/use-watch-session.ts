import { useEffect, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, TRANSPORT_ERROR_CODE } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT, WATCH_QUERY_ROOT } from '../../../shared/api/query-client';
import { useViewerId } from '../../../shared/session/login-gate';
import { sendHeartbeat } from '../api/add-view-log';
import { postDetailRoot } from '../api/use-post-detail';
import { createWatchSession } from './watch-session';

/** What a watch session follows: a <video>, or YouTube's embedded player (youtube-player.tsx). */
export interface Playback {
  /** Seconds into the video. */
  position(): number;
  /** Playing right now. */
  playing(): boolean;
  /** Calls `onPlay` when playing starts or resumes, `onStop` when it pauses or ends; answers the unsubscribe. */
  subscribe(onPlay: () => void, onStop: () => void): () => void;
}

/** A <video>'s playback, from its media events. */
function videoPlayback(video: HTMLVideoElement): Playback {
  return {
    position: () => video.currentTime,
    playing: () => !video.paused && !video.ended && video.readyState > 2,
    subscribe(onPlay, onStop) {
      const stops = ['pause', 'ended', 'emptied'] as const;
      video.addEventListener('playing', onPlay);
      for (const name of stops) video.addEventListener(name, onStop);
      return () => {
        video.removeEventListener('playing', onPlay);
        for (const name of stops) video.removeEventListener(name, onStop);
      };
    },
  };
}

/**
 * Ties a <video> (or another player's `Playback`, null until it is ready) to a server watch session: heartbeats while it plays and the
 * page is visible. A login or logout starts a new session for the new viewer.
 * When the watch comes to count, the video is fetched again (the count may
 * have added this viewer's view) and so are a member's TAICE figures (the
 * first watch pays the new-user reward and watches advance tasks). Each beat refreshes what follows
 * the member's watching of the video (WATCH_QUERY_ROOT).
 */
export function useWatchSession(player: RefObject<HTMLVideoElement | null> | Playback | null, postId: number) {
  const viewer = useViewerId();
  const queryClient = useQueryClient();
  useEffect(() => {
    const playback = player && 'current' in player ? player.current && videoPlayback(player.current) : player;
    if (!playback) return;
    let counted = false;
    const session = createWatchSession({
      postId,
      send: async (body) => {
        const answer = await sendHeartbeat(body);
        // What watching unlocks (a reward pool's countdown) follows each beat.
        if (viewer !== 0) void queryClient.invalidateQueries({ queryKey: [...WATCH_QUERY_ROOT, postId] });
        if (answer.counted === 1 && !counted) {
          counted = true;
          void queryClient.invalidateQueries({ queryKey: postDetailRoot(postId) });
          if (viewer !== 0) void queryClient.invalidateQueries({ queryKey: EARNINGS_QUERY_ROOT });
        }
        return answer;
      },
      position: () => playback.position(),
      lost: (error) => error instanceof ApiError && error.code !== TRANSPORT_ERROR_CODE,
    });
    const onPlaying = () => session.play();
    const onStop = () => session.pause();
    const onVisibility = () => session.visibility(document.visibilityState !== 'hidden');
    const unsubscribe = playback.subscribe(onPlaying, onStop);
    document.addEventListener('visibilitychange', onVisibility);
    onVisibility();
    if (playback.playing()) session.play();
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
      session.dispose();
    };
  }, [player, postId, viewer, queryClient]);
}
