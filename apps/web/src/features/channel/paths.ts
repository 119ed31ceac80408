import { paths } from '../../shared/routing/paths';

/** The creator's own view of one of their videos. */
export const myVideoPath = (id: number) => `${paths.myVideos}?id=${id}`;

/** The statistics of the whole channel, or of one video. */
export const analyzePath = (postId?: number) => (postId ? `${paths.analyze}?post_id=${postId}` : paths.analyze);
