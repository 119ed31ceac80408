import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { GoogleOidc } from '../identities/identities.module';
import type { VideoEvents } from '../videos/video-events';
import { createChannelVideos } from './channel-videos';
import { createConnections } from './connections';
import { createTokenBox } from './token-box';
import { createYoutubeApi } from './youtube-api';

export interface YoutubeDeps {
  config: Config;
  db: Db;
  clock: Clock;
  google: GoogleOidc;
  events: VideoEvents;
  log: FastifyBaseLogger;
}

/** YouTube sync, assembled (decision 052): creators' channel connections and the import of their videos. */
export function createYoutube({ config, db, clock, google, events, log }: YoutubeDeps) {
  const api = createYoutubeApi(config.YOUTUBE_API_URL);
  const connections = createConnections({ db, clock, google, box: createTokenBox(config.APP_SECRET), log });
  return { api, connections, channelVideos: createChannelVideos({ db, clock, connections, api, events }) };
}

export type Youtube = ReturnType<typeof createYoutube>;

export { youtubeRoutes } from './youtube.routes';
