/**
 * Every page of the app by name (spec section 2). The router registers exactly
 * these paths and every link and navigation takes its path from here or from
 * a builder below, so a URL is written once. The URLs themselves are the
 * product's (they predate this app) and stay as they are, odd spellings included.
 */
export const paths = {
  // Layout routes: the sidebar shows beside them for logged-in users on wide screens.
  portfolio: '/V2/My',
  videos: '/V2/videos',
  history: '/V2/history',
  likedVideos: '/V2/collection',
  changeLanguage: '/V2/changelanguage',
  myVideos: '/V2/myvideos',
  invitation: '/V2/invitation',
  exchange: '/V2/exchange',
  points: '/V2/points',
  dailyTask: '/V2/task',
  exchangeH5: '/V2/exchangeH5',
  addressH5: '/V2/addressH5',
  myOrder: '/V2/myorder',
  messageCenter: '/V2/messagecenter',
  leaderboard: '/V2/leaderboard',
  campaign: '/V2/compagin',
  activityInfo: '/activityinfo',
  service: '/Service',
  aice: '/aice',
  about: '/about',
  subscriptions: '/Attention',
  /** The creator's reward pools (issue 18; until the channel's my-video page embeds the panel). */
  rewardPools: '/V2/rewardpools',
  // Standalone routes.
  home: '/Home',
  interests: '/customized',
  discover: '/Discover',
  nfts: '/NFTs',
  nftDetail: '/NFTDetail',
  videoDetail: '/videoDetail',
  marketplace: '/Marketplace',
  transfer: '/Transfer',
  spectaclesDetail: '/SpectaclesDetail',
  wallet: '/Wallet',
  coinTransfer: '/CoinTransfer',
  chain: '/Chain',
  profile: '/Profile',
  selfProfile: '/SelfProfile',
  selfProfileMy: '/SelfProfile/My',
  selfProfileCreation: '/SelfProfile/Creation',
  profileEdit: '/profile-edit',
  analyze: '/Analyze',
  /** The task centre again, without the sidebar (as dailyTask). */
  task: '/Task',
  taskRecord: '/TaskRecord',
  creators: '/Creators',
  promoteUsers: '/PromoteUsers',
  promoteRewards: '/PromoteRewards',
  incentive: '/Incentive',
  collect: '/Collect',
  youtube: '/Youtube',
  walletLog: '/WalletLog',
  fans: '/Fans',
  nftTransfer: '/nftTransfer',
  /** The points details again, without the sidebar (as points). */
  pointHistory: '/pointHistory',
  policy: '/Policy',
  beta: '/Beta',
  /** The leaderboard again, without the sidebar. */
  leaderboardStandalone: '/Leaderboard',
  exchangeHistory: '/ExchangeHistory',
  uploadVideo: '/UploadVideo',
  /** The invitation page again, without the sidebar. */
  referral: '/Referral',
  activityCenter: '/activitycenter',
  notFound: '/404',
  // Without the header.
  started: '/Started',
  success: '/Success',
  /** The operator console (its own chunk and layout; its screens are routed inside it). */
  ops: '/ops',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** One video's page. */
export const videoPath = (id: number) => `${paths.videoDetail}?id=${id}`;
export const campaignPath = (id: number) => `${paths.activityInfo}?id=${id}`;

/** A user's (a creator's) public profile. */
export const creatorPath = (id: number) => `${paths.profile}?id=${id}`;

/** A user's followers. */
export const fansPath = (userId: number) => `${paths.fans}?id=${userId}`;

/** Whom a user follows; `own` marks the viewer's own list (the sidebar's Subscriptions). */
export const followingPath = (userId: number | undefined, own = false) =>
  `${paths.subscriptions}?id=${userId ?? ''}${own ? '&you=true' : ''}`;

/** The videos page opened on one category. */
export const categoryPath = (categoryId: number) => `${paths.videos}?category=${categoryId}`;

/** Discover with the results for a keyword (the header search). */
export const searchPath = (keyword: string) => `${paths.discover}?keyword=${encodeURIComponent(keyword)}`;

/** The legal documents: 0 the privacy policy, 1 the terms of service. */
export const servicePath = (active: 0 | 1) => `${paths.service}?active=${active}`;

/** Home carrying an invitation code, the link a user hands out. */
export const invitePath = (code: string) => `${paths.home}?invite_code=${encodeURIComponent(code)}`;

/** A section of the profile editor: the email field or the bound accounts. */
export const profileEditPath = (section: 'email' | 'bind') => `${paths.profileEdit}#${section}`;

/** One redemption order on the orders page (the message center links here). */
export const orderPath = (orderId: number) => `${paths.myOrder}?id=${orderId}`;
