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
