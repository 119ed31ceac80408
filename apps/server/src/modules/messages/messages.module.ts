/** The messages module's public surface (decision 039). */
export { createMessages, noticeOf, type Messages } from './messages';
export type { Notice } from './broadcasts';
export { renderMessage, type MessageParamsMap, type MessageText } from './templates';
export type { NewMessage, WrittenMessage } from './messages.service';
export { messagesJobs } from './jobs';
export { messagesRoutes } from './messages.routes';
export { tellCreatorsOfModeration } from './video-notices';
