import { useEffect, useRef, useState } from 'react';
import { youtubeEmbedUrl, type PostDetail } from '@taice/contract';
import { useWatchSession, type Playback } from './use-watch-session';

/** The little of YouTube's IFrame Player API (https://developers.google.com/youtube/iframe_api_reference) used here. */
interface YtPlayer {
  getCurrentTime?(): number;
}

interface YtNamespace {
  Player: new (
    element: HTMLIFrameElement,
    options: { events: { onStateChange: (event: { data: number }) => void } },
  ) => YtPlayer;
}

declare global {
  interface Window {
    YT?: Partial<YtNamespace>;
    onYouTubeIframeAPIReady?: () => void;
  }
}

const IFRAME_API = 'https://www.youtube.com/iframe_api';
/** YT.PlayerState */
const PLAYING = 1;
const STOPPED = new Set([-1, 0, 2, 5]);

let loading: Promise<YtNamespace> | null = null;

/** YouTube's IFrame API, loaded once on first use (only video pages of imported videos need it). */
function iframeApi(): Promise<YtNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT as YtNamespace);
  loading ??= new Promise<YtNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT?.Player) resolve(window.YT as YtNamespace);
    };
    const script = document.createElement('script');
    script.src = IFRAME_API;
    script.async = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('the YouTube IFrame API did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * An imported video's player: YouTube's embedded player, whose state (through the IFrame API)
 * drives the same server-measured watch session as the HLS player. Without the API (blocked or
 * offline) the embed still plays; the watch is then not measured.
 */
export function YoutubePlayer({ post }: { post: PostDetail }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [playback, setPlayback] = useState<Playback | null>(null);
  const videoId = post.youtube_video_id!;
  useWatchSession(playback, post.id);

  useEffect(() => {
    let gone = false;
    const listeners = new Set<{ onPlay: () => void; onStop: () => void }>();
    let state = -1;
    iframeApi().then(
      (YT) => {
        if (gone || !frame.current) return;
        const player = new YT.Player(frame.current, {
          events: {
            onStateChange: ({ data }) => {
              state = data;
              for (const listener of listeners) {
                if (data === PLAYING) listener.onPlay();
                else if (STOPPED.has(data)) listener.onStop();
              }
            },
          },
        });
        setPlayback({
          position: () => player.getCurrentTime?.() ?? 0,
          playing: () => state === PLAYING,
          subscribe(onPlay, onStop) {
            const listener = { onPlay, onStop };
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
        });
      },
      () => undefined,
    );
    return () => {
      gone = true;
      listeners.clear();
    };
  }, [videoId]);

  return (
    <div className="relative aspect-video w-full overflow-hidden bg-black wide:rounded-xl">
      <iframe
        ref={frame}
        src={youtubeEmbedUrl(videoId, window.location.origin)}
        title={post.title}
        className="absolute inset-0 size-full border-0"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
        data-testid="youtube-embed"
      />
    </div>
  );
}
