import { z } from 'zod';
import { defineCall } from '../call';
import { OPS_STAFF } from './ops-access';

/** The operators' dashboard (admin, support): per business day (UTC+8) figures and what waits for someone. */
export const DASHBOARD_DAYS = [7, 30, 90] as const;
export type DashboardDays = (typeof DASHBOARD_DAYS)[number];

const taice = z.number();

export const dashboardDaySchema = z.object({
  /** YYYY-MM-DD, business day (UTC+8). */
  day: z.string(),
  signups: z.number().int(),
  /** Members who watched or made task progress that day. */
  active_users: z.number().int(),
  watch_seconds: z.number(),
  /** TAICE earned by members (every credit but refunds and operator adjustments). */
  issued: taice,
  /** Operator adjustments, net (negative when more was taken than given). */
  adjusted: taice,
  /** TAICE spent in the redemption center. */
  spent: taice,
  /** TAICE given back for cancelled orders. */
  refunded: taice,
  /** TAICE cashed out to a chain wallet (0 until chain payouts exist). */
  cashed_out: taice,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardSchema = z.object({
  /** Oldest first, ending with today (today's figures so far). */
  days: z.array(dashboardDaySchema),
  /** Orders paid for and not shipped yet. */
  orders_waiting: z.number().int(),
  /** Race and campaign rewards waiting for an operator's decision. */
  rewards_pending: z.number().int(),
  /** Approved rewards not paid yet (tokens owed on chain). */
  payouts_waiting: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const opsDashboard = defineCall({
  method: 'GET',
  path: '/api/ops/dashboard',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary:
    'Per day sign-ups, active members, watch time and TAICE flows for 7, 30 or 90 days, and the queues (admin, support)',
  query: z.object({ days: z.coerce.number().pipe(z.literal(DASHBOARD_DAYS)).default(7) }),
  data: dashboardSchema,
});
