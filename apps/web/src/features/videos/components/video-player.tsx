import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TriangleExclamationPoint } from 'lucide-react';
import type { PostDetail } from '@taice/contract';
import { Button } from '../../../shared/ui/button';
import { useWatchSession } from './use-watch-session';
import { YoutubePlayer } from './youtube-player';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

type Source = 'hls' | 'mp4';

/** The video page's player: YouTube's embedded player for an imported video, else the HLS player. */
export function VideoPlayer({ post }: { post: PostDetail }) {
  return post.youtube_video_id ? <YoutubePlayer post={post} /> : <HlsPlayer post={post} />;
}

/**
 * The uploaded videos' player: HLS through the browser where it plays HLS itself
 * (Safari, iOS), through hls.js elsewhere (loaded only here), and the MP4 when
 * neither works. It depends only on the media URLs, so a language or theme
 * change re-renders it without interrupting playback.
 */
function HlsPlayer({ post }: { post: PostDetail }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const { hls, mp4 } = post.media;
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const [source, setSource] = useState<Source>(hls ? 'hls' : 'mp4');
  useWatchSession(videoRef, post.id);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let destroy = () => undefined as void;
    const start = () => {
      if (!cancelled) video.play().catch(() => undefined);
    };
    // hls.js gave up: play the MP4 instead (the effect runs again for it).
    const fallBackToMp4 = () => {
      if (cancelled) return;
      if (mp4) setSource('mp4');
      else setFailed(true);
    };

    if (hls && source === 'hls' && video.canPlayType(HLS_TYPE)) {
      video.src = hls;
      start();
    } else if (hls && source === 'hls') {
      import('hls.js/light').then(
        ({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) return fallBackToMp4();
          const player = new Hls({ capLevelToPlayerSize: true, startPosition: video.currentTime || -1 });
          destroy = () => player.destroy();
          player.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) fallBackToMp4();
          });
          player.on(Hls.Events.MANIFEST_PARSED, start);
          player.loadSource(hls);
          player.attachMedia(video);
        },
        () => fallBackToMp4(),
      );
    } else if (mp4) {
      video.src = mp4;
      start();
    }
    return () => {
      cancelled = true;
      destroy();
    };
  }, [hls, mp4, source, attempt]);

  // Leaving the page: stop downloading.
  useEffect(() => {
    const video = videoRef.current;
    return () => {
      video?.removeAttribute('src');
      video?.load();
    };
  }, []);

  const onError = () => {
    if (source === 'hls' && mp4) setSource('mp4');
    else setFailed(true);
  };

  return (
    <div className="relative aspect-video w-full overflow-hidden bg-black wide:rounded-xl">
      <video
        ref={videoRef}
        className="size-full object-contain"
        poster={post.cover || undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={post.title}
        onError={onError}
        data-source={source}
      />
      {(failed || (!hls && !mp4)) && (
        <div
          role="alert"
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/80 p-4 text-center text-white"
        >
          <TriangleExclamationPoint className="size-10 text-warning" aria-hidden />
          <p>{t('video.playFailed')}</p>
          {(hls || mp4) && (
            <Button
              variant="secondary"
              onClick={() => {
                setFailed(false);
                setSource(hls ? 'hls' : 'mp4');
                setAttempt((a) => a + 1);
              }}
            >
              {t('common.retry')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
