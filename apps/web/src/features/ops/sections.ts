import type { LucideIcon } from 'lucide-react';
import {
  ChartLine,
  Clapperboard,
  Coins,
  FileText,
  Gift,
  Megaphone,
  PackageCheck,
  Radio,
  ScrollText,
  Trophy,
  Users,
} from 'lucide-react';
import {
  opsAuditCalls,
  opsCampaignCalls,
  opsContentCalls,
  opsDashboardCalls,
  opsEarningCalls,
  opsMessageCalls,
  opsRaceCalls,
  opsRedemptionCalls,
  opsUserCalls,
  opsVideoCalls,
  type CallDef,
} from '@taice/contract';
import type { OpsKey } from './ops-i18n';
import type { OpsScreen } from './ops-paths';

export interface Section {
  screen: OpsScreen;
  labelKey: OpsKey;
  Icon: LucideIcon;
  /** The call the screen opens with: an operator who may not make it does not see the screen. */
  call: Pick<CallDef, 'roles'>;
}

/** The console's screens in the order of its navigation. */
export const sections: Section[] = [
  { screen: 'dashboard', labelKey: 'nav.dashboard', Icon: ChartLine, call: opsDashboardCalls.opsDashboard },
  { screen: 'users', labelKey: 'nav.users', Icon: Users, call: opsUserCalls.opsUserSearch },
  { screen: 'orders', labelKey: 'nav.orders', Icon: PackageCheck, call: opsRedemptionCalls.opsOrders },
  { screen: 'prizes', labelKey: 'nav.prizes', Icon: Gift, call: opsRedemptionCalls.opsPrizes },
  { screen: 'races', labelKey: 'nav.races', Icon: Trophy, call: opsRaceCalls.opsRaces },
  { screen: 'campaigns', labelKey: 'nav.campaigns', Icon: Megaphone, call: opsCampaignCalls.opsCampaigns },
  { screen: 'broadcasts', labelKey: 'nav.broadcasts', Icon: Radio, call: opsMessageCalls.opsMessageBroadcast },
  { screen: 'videos', labelKey: 'nav.videos', Icon: Clapperboard, call: opsVideoCalls.opsVideos },
  { screen: 'content', labelKey: 'nav.content', Icon: FileText, call: opsContentCalls.opsDocuments },
  { screen: 'earning', labelKey: 'nav.earning', Icon: Coins, call: opsEarningCalls.opsEarningConfig },
  { screen: 'audit', labelKey: 'nav.audit', Icon: ScrollText, call: opsAuditCalls.opsAuditList },
];
