import { paths } from '../../shared/routing/paths';

/** The console's screens, under `/ops` (routed by the console itself). */
export const opsScreens = {
  dashboard: '',
  users: 'users',
  orders: 'orders',
  prizes: 'prizes',
  races: 'races',
  campaigns: 'campaigns',
  broadcasts: 'broadcasts',
  videos: 'videos',
  content: 'content',
  earning: 'earning',
  audit: 'audit',
} as const;
export type OpsScreen = keyof typeof opsScreens;

export function opsPath(screen: OpsScreen): string {
  const sub = opsScreens[screen];
  return sub ? `${paths.ops}/${sub}` : paths.ops;
}

/** One member's page in the console. */
export function opsUserPath(userId: number): string {
  return `${opsPath('users')}/${userId}`;
}

/** The audit log searched for `q` (an actor, an action or a target). */
export function opsAuditPath(q: string): string {
  return `${opsPath('audit')}?${new URLSearchParams({ q })}`;
}
