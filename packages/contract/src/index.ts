export * from './lang';
export * from './errors';
export * from './issues';
export * from './envelope';
export * from './signing';
export * from './call';
export * from './constants';
export * from './first-screen';
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
  INVITE_CODE_PATTERN,
  PASSWORD_MIN_LENGTH,
  NICKNAME_MAX_LENGTH,
  EMAIL_CODE_INPUT_MAX,
  EMAIL_CODE_LENGTH,
  AVATAR_MAX_BYTES,
  SOCIAL_LINK_MAX_LENGTH,
  isTelegramPremiumUsername,
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
export * as redemptionCalls from './calls/redemption';
export type { Prize, PrizeType, PrizeAvailability, Order, OrderStatus, Address } from './calls/redemption';
export {
  PRIZE_TYPES,
  ORDER_STATUSES,
  PRIZE_AVAILABILITY,
  MAX_ADDRESSES,
  DEFAULT_DIAL_CODE,
  ADDRESS_NAME_MAX_LENGTH,
  ADDRESS_PHONE_MAX_LENGTH,
  ADDRESS_DETAIL_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
  IDEMPOTENCY_KEY_MAX_LENGTH,
} from './calls/redemption';
export * as opsRedemptionCalls from './calls/ops-redemption';
export type { OpsPrize, OpsOrder, PrizeInput } from './calls/ops-redemption';
export {
  PRIZE_IMAGE_UPLOAD_PATH,
  PRIZE_IMAGE_MAX_BYTES,
  PRIZE_MAX_IMAGES,
  CODES_CSV_MAX_LENGTH,
  PRIZE_CODE_MAX_LENGTH,
} from './calls/ops-redemption';
export * as messageCalls from './calls/messages';
export type { Message, MessageTemplate } from './calls/messages';
export { MESSAGE_TEMPLATES, MESSAGE_LINK_KINDS } from './calls/messages';
export * as opsMessageCalls from './calls/ops-messages';
export { NOTICE_TITLE_MAX_LENGTH, NOTICE_TEXT_MAX_LENGTH } from './calls/ops-messages';
export * as raceCalls from './calls/races';
export type {
  Race,
  RaceStatus,
  PrizeTier,
  RankingRow,
  MyRanking,
  PromoterRow,
  Reward,
  RewardStatus,
  RewardSource,
  RewardCurrency,
  EligibilityCheck,
  EligibilityRule,
} from './calls/races';
export { RACE_STATUSES, REWARD_STATUSES, REWARD_SOURCES, REWARD_CURRENCIES, ELIGIBILITY_RULES } from './calls/races';
export * as opsRaceCalls from './calls/ops-races';
export type { OpsRace, OpsReward } from './calls/ops-races';
export { REJECT_REASON_MAX_LENGTH } from './calls/ops-races';
export * as campaignCalls from './calls/campaigns';
export type {
  CampaignCard,
  CampaignDetail,
  CampaignProgress,
  CampaignResult,
  CampaignParticipant,
  CampaignConditions,
  CampaignStatus,
  CampaignListTab,
  CampaignSplit,
  CampaignJoinMode,
} from './calls/campaigns';
export { CAMPAIGN_STATUSES, CAMPAIGN_LIST_TABS, CAMPAIGN_SPLITS, CAMPAIGN_JOIN_MODES } from './calls/campaigns';
export * as opsCampaignCalls from './calls/ops-campaigns';
export type { OpsCampaign, CampaignInput } from './calls/ops-campaigns';
export {
  CAMPAIGN_TITLE_MAX_LENGTH,
  CAMPAIGN_RULES_MAX_LENGTH,
  CAMPAIGN_BANNER_MAX_LENGTH,
  CAMPAIGN_MAX_WINNERS,
  CAMPAIGN_MAX_RANKS,
} from './calls/ops-campaigns';
export * as opsUserCalls from './calls/ops-users';
export type {
  OpsUserRow,
  OpsUserDetail,
  OpsLedgerEntry,
  OpsLedgerVerify,
  OpsReferral,
  OpsAdjustInput,
  IdentityKind,
} from './calls/ops-users';
export { USER_SEARCH_MAX_LENGTH, ADJUST_REASON_MAX_LENGTH, ADJUST_MAX_AMOUNT, IDENTITY_KINDS } from './calls/ops-users';
export * as opsAuditCalls from './calls/ops-audit';
export type { AuditRow } from './calls/ops-audit';
export { AUDIT_SEARCH_MAX_LENGTH } from './calls/ops-audit';
export * as opsDashboardCalls from './calls/ops-dashboard';
export type { Dashboard, DashboardDay, DashboardDays } from './calls/ops-dashboard';
export { DASHBOARD_DAYS } from './calls/ops-dashboard';
export * as opsContentCalls from './calls/ops-content';
export type { OpsDocument, DocumentInput, OpsBanner, BannerInput, OpsSetting, OpsCategory } from './calls/ops-content';
export {
  DOC_TITLE_MAX_LENGTH,
  DOC_CONTENT_MAX_LENGTH,
  BANNER_TITLE_MAX_LENGTH,
  BANNER_SUBTITLE_MAX_LENGTH,
  CONTENT_URL_MAX_LENGTH,
  SETTING_VALUE_MAX_LENGTH,
  CATEGORY_NAME_MAX_LENGTH,
} from './calls/ops-content';
export * as opsVideoCalls from './calls/ops-videos';
export type { OpsVideo, VideoStatus, ModerationAction } from './calls/ops-videos';
export { VIDEO_STATUSES, MODERATION_ACTIONS, MODERATION_REASON_MAX_LENGTH } from './calls/ops-videos';
export * as opsAccessCalls from './calls/ops-access';
export type { UserBan, OpsSession } from './calls/ops-access';
export { OPS_ADMIN, OPS_STAFF, TOTP_CODE_LENGTH, BAN_REASON_MAX_LENGTH } from './calls/ops-access';
export * as opsEarningCalls from './calls/ops-earning';
export type {
  EarningSection,
  EarningChangeStatus,
  EarningAmounts,
  EarningSignIn,
  EarningInviteTasks,
  EarningLevels,
  EarningConfig,
  TaskFields,
  OpsTask,
  OpsEarningChange,
} from './calls/ops-earning';
export {
  EARNING_SECTIONS,
  EARNING_CHANGE_STATUSES,
  EARNING_AMOUNT_MAX,
  DAILY_GROUPS_MAX,
  SIGN_IN_STREAK_DAYS,
  TASK_TARGET_MAX,
  TASK_NAME_MAX_LENGTH,
  TASK_CODE_MAX_LENGTH,
  INVITE_MILESTONES_MAX,
  LEVELS_MAX,
  EARNING_SCHEDULE_MAX_DAYS,
} from './calls/ops-earning';
export * as channelCalls from './calls/channel';
export type {
  ChannelPost,
  ChannelPostDetail,
  ChannelPostStatus,
  ChannelTotals,
  ChannelDay,
  ChannelReportDays,
  TakenDownBy,
  UpDownAction,
} from './calls/channel';
export {
  CHANNEL_POST_STATUSES,
  CHANNEL_STATUS_VALUES,
  CHANNEL_REPORT_DAYS,
  TAKEN_DOWN_BY,
  UP_DOWN_ACTIONS,
} from './calls/channel';
export * as studioCalls from './calls/studio';
export type { DirectUpload, UploadDetail, UploadStatus, UploadTransport } from './calls/studio';
export {
  TUS_ENDPOINT,
  UPLOAD_STATUSES,
  COVER_FRAME_COUNT,
  POST_TITLE_MAX_LENGTH,
  POST_DESCRIPTION_MAX_LENGTH,
  POST_MAX_TAGS,
  POST_TAG_MAX_LENGTH,
} from './calls/studio';
export * as poolCalls from './calls/pools';
export type { Pool, PoolStatus, PoolType, PoolTypeInfo, PostReward } from './calls/pools';
export {
  POOL_TYPES,
  POOL_TYPE,
  POOL_STATUSES,
  POOL_MIN_AMOUNT,
  POOL_MAX_TOTAL,
  POOL_MAX_SLOTS,
  POOL_MAX_WATCH_SECONDS,
  POOL_MAX_DAYS,
} from './calls/pools';
export * as youtubeCalls from './calls/youtube';
export type { YoutubeChannel, YoutubeVideo, YoutubeUnimportable } from './calls/youtube';
export {
  YOUTUBE_SCOPE,
  YOUTUBE_CALLBACK_PATH,
  YOUTUBE_SYNC_MAX,
  YOUTUBE_PAGE_MAX,
  YOUTUBE_UNIMPORTABLE,
  youtubeEmbedUrl,
} from './calls/youtube';
export * from './telegram';
