/** The messages module's public surface (decision 039). */
export { createMessages, noticeOf, type Messages } from './messages';
export type { Notice } from './broadcasts';
export type { MessageParamsMap, MessageText } from './templates';
export type { NewMessage } from './messages.service';
export { messagesJobs } from './jobs';
export { messagesRoutes } from './messages.routes';
export { tellCreatorsOfModeration } from './video-notices';
