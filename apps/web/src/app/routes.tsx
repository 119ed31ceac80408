import { Navigate, useLocation, type RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { RequireLogin } from '../shared/session/require-login';
import { lazyPage } from '../shared/ui/lazy-page';
import { AppLayout } from './layout/app-layout';
import { ComingSoonPage } from './pages/coming-soon-page';
import { RequireWallet } from '../features/identities';

const HomePage = lazyPage(() => import('./pages/home-page'));
const AboutPage = lazyPage(() => import('./pages/about-page'));
const ServicePage = lazyPage(() => import('./pages/service-page'));
const PolicyPage = lazyPage(() => import('./pages/policy-page'));
const ChangeLanguagePage = lazyPage(() => import('./pages/change-language-page'));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'));
const SelfProfilePage = lazyPage(() => import('../features/profile/pages/self-profile-page'));
const SelfProfileMy = lazyPage(() => import('../features/profile/pages/self-profile-my'));
const SelfProfileCreation = lazyPage(() => import('../features/profile/pages/self-profile-creation'));
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
  { path: '/V2/My', element: mine(<PortfolioPage />) },
  { path: '/V2/videos', element: <VideosPage /> },
  { path: '/V2/history', element: mine(<HistoryPage />) },
  { path: '/V2/collection', element: mine(<CollectionPage />) },
  { path: '/V2/changelanguage', element: <ChangeLanguagePage /> },
  { path: '/V2/myvideos', element: mine(soon('routes.myvideos')) },
  { path: '/V2/invitation', element: mine(<InvitationPage />) },
  { path: '/V2/exchange', element: soon('routes.exchange') },
  { path: '/V2/points', element: mine(<PointsPage />) },
  { path: '/V2/task', element: mine(<TaskPage />) },
  { path: '/V2/exchangeH5', element: soon('routes.exchangeH5') },
  { path: '/V2/addressH5', element: mine(soon('routes.addressH5')) },
  { path: '/V2/myorder', element: mine(soon('routes.myorder')) },
  { path: '/V2/messagecenter', element: mine(soon('routes.messagecenter')) },
  { path: '/V2/leaderboard', element: soon('routes.leaderboard') },
  { path: '/V2/compagin', element: soon('routes.compagin') },
  { path: '/activityinfo', element: soon('routes.activityinfo') },
  { path: '/Service', element: <ServicePage /> },
  { path: '/aice', element: soon('routes.aice') },
  { path: '/about', element: <AboutPage /> },
  { path: '/Attention', element: <SubscriptionsPage /> },
];

const standaloneRoutes: RouteObject[] = [
  { path: '/Home', element: <HomePage /> },
  { path: '/customized', element: <InterestsPage /> },
  { path: '/Discover', element: <DiscoverPage /> },
  { path: '/NFTs', element: soon('routes.NFTs') },
  { path: '/NFTDetail', element: soon('routes.NFTDetail') },
  {
    path: '/videoDetail',
    element: (
      <RemountOnNavigation>
        <VideoDetailPage />
      </RemountOnNavigation>
    ),
  },
  { path: '/Marketplace', element: soon('routes.Marketplace') },
  { path: '/Transfer', element: walletOnly(soon('routes.Transfer')) },
  { path: '/SpectaclesDetail', element: soon('routes.SpectaclesDetail') },
  { path: '/Wallet', element: walletOnly(soon('routes.Wallet')) },
  { path: '/CoinTransfer', element: walletOnly(soon('routes.CoinTransfer')) },
  { path: '/Chain', element: walletOnly(soon('routes.Chain')) },
  { path: '/Profile', element: <ProfilePage /> },
  {
    path: '/SelfProfile',
    element: mine(<SelfProfilePage />),
    children: [
      { index: true, element: <Navigate to="My" replace /> },
      { path: 'My', element: <SelfProfileMy /> },
      { path: 'Creation', element: <SelfProfileCreation /> },
    ],
  },
  { path: '/profile-edit', element: mine(<ProfileEditPage />) },
  { path: '/Analyze', element: soon('routes.Analyze') },
  { path: '/Task', element: mine(<TaskPage />) },
  { path: '/TaskRecord', element: mine(<TaskRecordPage />) },
  { path: '/Creators', element: <CreatorsPage /> },
  { path: '/PromoteUsers', element: soon('routes.PromoteUsers') },
  { path: '/PromoteRewards', element: soon('routes.PromoteRewards') },
  { path: '/Incentive', element: soon('routes.Incentive') },
  { path: '/Collect', element: soon('routes.Collect') },
  { path: '/Youtube', element: soon('routes.Youtube') },
  { path: '/WalletLog', element: mine(soon('routes.WalletLog')) },
  { path: '/Fans', element: <FansPage /> },
  { path: '/nftTransfer', element: walletOnly(soon('routes.nftTransfer')) },
  { path: '/pointHistory', element: mine(<PointsPage />) },
  { path: '/Policy', element: <PolicyPage /> },
  { path: '/Beta', element: soon('routes.Beta') },
  { path: '/Leaderboard', element: soon('routes.leaderboard') },
  { path: '/ExchangeHistory', element: mine(soon('routes.ExchangeHistory')) },
  { path: '/UploadVideo', element: mine(soon('routes.UploadVideo')) },
  { path: '/Referral', element: mine(<InvitationPage />) },
  { path: '/activitycenter', element: soon('routes.activitycenter') },
  { path: '/404', element: <NotFoundPage /> },
];

/** Started and Success have no header. */
const bareRoutes: RouteObject[] = [
  { path: '/Started', element: <StartedPage /> },
  { path: '/Success', element: <SuccessPage /> },
];

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/Home" replace /> },
  { element: <AppLayout sidebar />, children: layoutRoutes },
  { element: <AppLayout />, children: standaloneRoutes },
  { element: <AppLayout header={false} />, children: bareRoutes },
  { path: '*', element: <Navigate to="/404" replace /> },
];
