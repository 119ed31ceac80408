import type { FastifyInstance } from 'fastify';
import type { VideosDeps } from './videos.deps';

/** Feeds, detail, search, figures and watching. */
export async function videosRoutes(_app: FastifyInstance, _deps: VideosDeps) {}
