import { Navigate, useLocation, type RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { RequireLogin } from '../shared/session/require-login';
import { lazyPage } from '../shared/ui/lazy-page';
import { paths } from '../shared/routing/paths';
import { AppLayout } from './layout/app-layout';
import { ComingSoonPage } from './pages/coming-soon-page';
import { RequireWallet } from '../features/identities';

const HomePage = lazyPage(() => import('./pages/home-page'), { firstScreen: true });
const AboutPage = lazyPage(() => import('./pages/about-page'));
const ServicePage = lazyPage(() => import('./pages/service-page'));
const PolicyPage = lazyPage(() => import('./pages/policy-page'));
const ChangeLanguagePage = lazyPage(() => import('./pages/change-language-page'));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'));
const BetaPage = lazyPage(() => import('./pages/beta-page'));
const SelfProfilePage = lazyPage(() => import('../features/profile/pages/self-profile-page'));
const SelfProfileMy = lazyPage(() => import('../features/profile/pages/self-profile-my'));
const SelfProfileCreation = lazyPage(() => import('../features/channel/pages/self-profile-creation'));
const MyVideosPage = lazyPage(() => import('../features/channel/pages/my-videos-page'));
const AnalyzePage = lazyPage(() => import('../features/channel/pages/analyze-page'));
const ProfilePage = lazyPage(() => import('../features/profile/pages/profile-page'));
const ProfileEditPage = lazyPage(() => import('../features/profile/pages/profile-edit-page'));
const VideosPage = lazyPage(() => import('../features/videos/pages/videos-page'));
const VideoDetailPage = lazyPage(() => import('../features/videos/pages/video-detail-page'));
const HistoryPage = lazyPage(() => import('../features/videos/pages/history-page'));
const CollectionPage = lazyPage(() => import('../features/videos/pages/collection-page'));
const DiscoverPage = lazyPage(() => import('../features/search/pages/discover-page'));
const CreatorsPage = lazyPage(() => import('../features/creators/pages/creators-page'));
const SubscriptionsPage = lazyPage(() => import('../features/creators/pages/subscriptions-page'));
const FansPage = lazyPage(() => import('../features/creators/pages/fans-page'));
const InterestsPage = lazyPage(() => import('../features/interests/pages/interests-page'));
const StartedPage = lazyPage(() => import('../features/profile/pages/started-page'));
const SuccessPage = lazyPage(() => import('../features/profile/pages/success-page'));
const PortfolioPage = lazyPage(() => import('../features/points/pages/portfolio-page'));
const PointsPage = lazyPage(() => import('../features/points/pages/points-page'));
const TaskRecordPage = lazyPage(() => import('../features/points/pages/task-record-page'));
const TaskPage = lazyPage(() => import('../features/tasks/pages/task-page'));
const InvitationPage = lazyPage(() => import('../features/referral/pages/invitation-page'));
const AddressPage = lazyPage(() => import('../features/redemption/pages/address-page'));
const OrdersPage = lazyPage(() => import('../features/redemption/pages/orders-page'));
const MessageCenterPage = lazyPage(() => import('../features/messages/pages/message-center-page'));
const ExchangePage = lazyPage(() => import('../features/redemption/pages/exchange-page'));
const LeaderboardPage = lazyPage(() => import('../features/races/pages/leaderboard-page'));
const PromoteUsersPage = lazyPage(() => import('../features/races/pages/promote-users-page'));
const PromoteRewardsPage = lazyPage(() => import('../features/races/pages/promote-rewards-page'));
const CampaignCenterPage = lazyPage(() => import('../features/campaigns/pages/campaign-center-page'));
const CampaignInfoPage = lazyPage(() => import('../features/campaigns/pages/campaign-info-page'));
const IncentivePage = lazyPage(() => import('../features/campaigns/pages/incentive-page'));
const OpsConsolePage = lazyPage(() => import('../features/ops/pages/ops-console-page'));
const YoutubePage = lazyPage(() => import('../features/youtube/pages/youtube-page'));
const UploadVideoPage = lazyPage(() => import('../features/studio/pages/upload-video-page'));
const RewardPoolsPage = lazyPage(() => import('../features/pools/pages/reward-pools-page'));

const soon = (key: ParseKeys) => <ComingSoonPage titleKey={key} />;
/** A page of the logged-in user: visitors are asked to log in. */
const mine = (page: ReactNode) => <RequireLogin>{page}</RequireLogin>;
const walletOnly = (page: ReactNode) => <RequireWallet>{page}</RequireWallet>;

/** Renders its page afresh on every navigation, even to the same path (for /videoDetail). */
function RemountOnNavigation({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <div key={key}>{children}</div>;
}

/** Layout routes: sidebar for logged-in users on wide screens (spec section 2). */
const layoutRoutes: RouteObject[] = [
  { path: paths.portfolio, element: mine(<PortfolioPage />) },
  { path: paths.videos, element: <VideosPage /> },
  { path: paths.history, element: mine(<HistoryPage />) },
  { path: paths.likedVideos, element: mine(<CollectionPage />) },
  { path: paths.changeLanguage, element: <ChangeLanguagePage /> },
  { path: paths.myVideos, element: mine(<MyVideosPage />) },
  { path: paths.invitation, element: mine(<InvitationPage />) },
  { path: paths.exchange, element: <ExchangePage /> },
  { path: paths.points, element: mine(<PointsPage />) },
  { path: paths.dailyTask, element: mine(<TaskPage />) },
  { path: paths.exchangeH5, element: <ExchangePage /> },
  { path: paths.addressH5, element: mine(<AddressPage />) },
  { path: paths.myOrder, element: mine(<OrdersPage />) },
  { path: paths.messageCenter, element: mine(<MessageCenterPage />) },
  { path: paths.leaderboard, element: <LeaderboardPage /> },
  { path: paths.campaign, element: <CampaignCenterPage /> },
  { path: paths.activityInfo, element: <CampaignInfoPage /> },
  { path: paths.service, element: <ServicePage /> },
  { path: paths.aice, element: soon('routes.aice') },
  { path: paths.about, element: <AboutPage /> },
  { path: paths.subscriptions, element: <SubscriptionsPage /> },
  { path: paths.rewardPools, element: mine(<RewardPoolsPage />) },
];

const standaloneRoutes: RouteObject[] = [
  { path: paths.home, element: <HomePage /> },
  { path: paths.interests, element: <InterestsPage /> },
  { path: paths.discover, element: <DiscoverPage /> },
  { path: paths.nfts, element: soon('routes.NFTs') },
  { path: paths.nftDetail, element: soon('routes.NFTDetail') },
  {
    path: paths.videoDetail,
    element: (
      <RemountOnNavigation>
        <VideoDetailPage />
      </RemountOnNavigation>
    ),
  },
  { path: paths.marketplace, element: soon('routes.Marketplace') },
  { path: paths.transfer, element: walletOnly(soon('routes.Transfer')) },
  { path: paths.spectaclesDetail, element: soon('routes.SpectaclesDetail') },
  { path: paths.wallet, element: walletOnly(soon('routes.Wallet')) },
  { path: paths.coinTransfer, element: walletOnly(soon('routes.CoinTransfer')) },
  { path: paths.chain, element: walletOnly(soon('routes.Chain')) },
  { path: paths.profile, element: <ProfilePage /> },
  {
    path: paths.selfProfile,
    element: mine(<SelfProfilePage />),
    children: [
      { index: true, element: <Navigate to={paths.selfProfileMy} replace /> },
      { path: paths.selfProfileMy, element: <SelfProfileMy /> },
      { path: paths.selfProfileCreation, element: <SelfProfileCreation /> },
    ],
  },
  { path: paths.profileEdit, element: mine(<ProfileEditPage />) },
  { path: paths.analyze, element: mine(<AnalyzePage />) },
  { path: paths.task, element: mine(<TaskPage />) },
  { path: paths.taskRecord, element: mine(<TaskRecordPage />) },
  { path: paths.creators, element: <CreatorsPage /> },
  { path: paths.promoteUsers, element: <PromoteUsersPage /> },
  { path: paths.promoteRewards, element: mine(<PromoteRewardsPage />) },
  { path: paths.incentive, element: <IncentivePage /> },
  { path: paths.collect, element: soon('routes.Collect') },
  { path: paths.youtube, element: mine(<YoutubePage />) },
  { path: paths.walletLog, element: mine(soon('routes.WalletLog')) },
  { path: paths.fans, element: <FansPage /> },
  { path: paths.nftTransfer, element: walletOnly(soon('routes.nftTransfer')) },
  { path: paths.pointHistory, element: mine(<PointsPage />) },
  { path: paths.policy, element: <PolicyPage /> },
  { path: paths.beta, element: <BetaPage /> },
  { path: paths.leaderboardStandalone, element: <LeaderboardPage /> },
  { path: paths.exchangeHistory, element: mine(<OrdersPage />) },
  { path: paths.uploadVideo, element: mine(<UploadVideoPage />) },
  { path: paths.referral, element: mine(<InvitationPage />) },
  { path: paths.activityCenter, element: <CampaignCenterPage /> },
  { path: paths.notFound, element: <NotFoundPage /> },
];

/** Started and Success have no header; the operator console has its own (and routes its screens itself). */
const bareRoutes: RouteObject[] = [
  { path: paths.started, element: <StartedPage /> },
  { path: paths.success, element: <SuccessPage /> },
  { path: `${paths.ops}/*`, element: <OpsConsolePage /> },
];

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={paths.home} replace /> },
  { element: <AppLayout sidebar />, children: layoutRoutes },
  { element: <AppLayout />, children: standaloneRoutes },
  { element: <AppLayout header={false} />, children: bareRoutes },
  { path: '*', element: <Navigate to={paths.notFound} replace /> },
];
