import { Navigate, Route, Routes } from 'react-router';
import { lazyPage } from '../../../shared/ui/lazy-page';
import { paths } from '../../../shared/routing/paths';
import { AccessGate } from '../components/access-gate';
import { OpsLayout } from '../components/ops-layout';
import { opsScreens } from '../ops-paths';

const DashboardScreen = lazyPage(() => import('../screens/dashboard-screen'));
const UsersScreen = lazyPage(() => import('../screens/users-screen'));
const UserScreen = lazyPage(() => import('../screens/user-screen'));
const OrdersScreen = lazyPage(() => import('../screens/orders-screen'));
const PrizesScreen = lazyPage(() => import('../screens/prizes-screen'));
const RacesScreen = lazyPage(() => import('../screens/races-screen'));
const CampaignsScreen = lazyPage(() => import('../screens/campaigns-screen'));
const BroadcastsScreen = lazyPage(() => import('../screens/broadcasts-screen'));
const VideosScreen = lazyPage(() => import('../screens/videos-screen'));
const ContentScreen = lazyPage(() => import('../screens/content-screen'));
const EarningScreen = lazyPage(() => import('../screens/earning-screen'));
const AuditScreen = lazyPage(() => import('../screens/audit-screen'));

/**
 * The operator console (`/ops`): its own chunk, texts and layout, never part of what members load. Each screen
 * is a chunk of its own too (the dashboard's charts load with it only).
 */
export default function OpsConsolePage() {
  return (
    <OpsLayout>
      <AccessGate>
        <Routes>
          <Route index element={<DashboardScreen />} />
          <Route path={opsScreens.users} element={<UsersScreen />} />
          <Route path={`${opsScreens.users}/:id`} element={<UserScreen />} />
          <Route path={opsScreens.orders} element={<OrdersScreen />} />
          <Route path={opsScreens.prizes} element={<PrizesScreen />} />
          <Route path={opsScreens.races} element={<RacesScreen />} />
          <Route path={opsScreens.campaigns} element={<CampaignsScreen />} />
          <Route path={opsScreens.broadcasts} element={<BroadcastsScreen />} />
          <Route path={opsScreens.videos} element={<VideosScreen />} />
          <Route path={opsScreens.content} element={<ContentScreen />} />
          <Route path={opsScreens.earning} element={<EarningScreen />} />
          <Route path={opsScreens.audit} element={<AuditScreen />} />
          <Route path="*" element={<Navigate to={paths.ops} replace />} />
        </Routes>
      </AccessGate>
    </OpsLayout>
  );
}
