export * from './lang';
export * from './errors';
export * from './envelope';
export * from './signing';
export * from './call';
export * from './constants';
export * from './text';
export * as contentCalls from './calls/content';
export * as commonCalls from './calls/common';
export * as userCalls from './calls/user';
export * as videoCalls from './calls/video';
export * as pointsCalls from './calls/points';
export type { DocType, Banner } from './calls/content';
export { DOC_TYPES } from './calls/content';
export type { CountryInfo } from './calls/common';
export type { UserInfo, PublicProfile, LoginType, UploadResult } from './calls/user';
export {
  LOGIN_TYPES,
  PASSWORD_MIN_LENGTH,
  NICKNAME_MAX_LENGTH,
  EMAIL_CODE_INPUT_MAX,
  EMAIL_CODE_LENGTH,
  AVATAR_MAX_BYTES,
  SOCIAL_LINK_MAX_LENGTH,
} from './calls/user';
export type { Author, Category, PostCard, PostDetail, PostPage, Comment, Creator, CreatorSummary } from './calls/video';
export {
  POST_STATUS,
  COMMENT_MAX_LENGTH,
  SEARCH_KEYWORD_MAX_LENGTH,
  WATCH_HEARTBEAT_SECONDS,
  WATCH_MAX_CREDIT_SECONDS,
  WATCHED_AFTER_SECONDS,
  MAX_INTERESTS,
} from './calls/video';
export type { WalletDetail, LedgerEntry, LedgerReason, Quest, TaskDetail, TaskType, TaskKey } from './calls/points';
export { TASK_TYPES, TASK_KEYS, LEDGER_REASONS, BUCKETS, CURRENCY_KEYS } from './calls/points';
export * as identityCalls from './calls/identity';
export type { AuthProviders } from './calls/identity';
export { WALLET_SIGN_AGREEMENT, AUTH_CHALLENGE_TTL_SECONDS } from './calls/identity';
export type { TonWalletInfo, TelegramLoginUser } from './calls/identity-proofs';
export { TON_CHAINS } from './calls/identity-proofs';
