import type { FastifyInstance } from 'fastify';
import type { VideosDeps } from './videos.deps';

/** Reactions, comments, shares, follows, creators and interests (filled in by the social module). */
export async function socialRoutes(_app: FastifyInstance, _deps: VideosDeps) {}
