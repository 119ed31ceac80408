import { z } from 'zod';
import { defineCall, OPERATOR_ROLES, pageOf, pageQuery, rowId, type OperatorRole } from '../call';

/**
 * Who may use the console (decision 044): a TOTP second factor (RFC 6238) on top of the roles of decision 038,
 * bans, a user's sessions, and roles granted from the console. Every operator call other than the three
 * `opsAuth`/`opsTotp` ones is refused with `ops_second_factor_required` until the session is verified, for a
 * while (`verified_until`; an hour unless the server says otherwise).
 *
 * Each operator call names in `roles` who may make it: `OPS_ADMIN` or `OPS_STAFF` (admin and support).
 */
export const OPS_ADMIN: readonly OperatorRole[] = ['admin'];
export const OPS_STAFF: readonly OperatorRole[] = ['admin', 'support'];

export const TOTP_CODE_LENGTH = 6;
export const BAN_REASON_MAX_LENGTH = 300;

const role = z.enum(OPERATOR_ROLES);

export const opsAuthStatus = defineCall({
  method: 'GET',
  path: '/api/ops/auth/status',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: "The caller's roles and second factor: enrolled, and until when this session is verified",
  data: z.object({
    roles: z.array(role),
    totp_enrolled: z.boolean(),
    /** ISO time; null when this session is not (or no longer) verified. */
    verified_until: z.string().nullable(),
  }),
});

export const opsTotpEnrol = defineCall({
  method: 'POST',
  path: '/api/ops/auth/totp/enrol',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'A new TOTP secret to scan (only while none is confirmed); the first good code confirms it',
  data: z.object({ secret: z.string(), otpauth_url: z.string(), qr_data_url: z.string() }),
});

export const opsTotpVerify = defineCall({
  method: 'POST',
  path: '/api/ops/auth/totp/verify',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Verify this session with a TOTP code; a code already used, expired or wrong is refused',
  body: z.object({
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`)),
  }),
  data: z.object({ verified_until: z.string() }),
});

export const userBanSchema = z.object({
  user_id: z.number().int(),
  banned: z.boolean(),
  /** ISO time of the ban; null when not banned. */
  banned_at: z.string().nullable(),
  ban_reason: z.string().nullable(),
});
export type UserBan = z.infer<typeof userBanSchema>;

export const opsUserBan = defineCall({
  method: 'POST',
  path: '/api/ops/users/ban',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Ban an account: its sessions end at once and it cannot log in; nothing of it is deleted (admin)',
  body: z.object({ user_id: rowId, reason: z.string().trim().min(1).max(BAN_REASON_MAX_LENGTH) }),
  data: userBanSchema,
});

export const opsUserUnban = defineCall({
  method: 'POST',
  path: '/api/ops/users/unban',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Lift a ban: the account may log in again (admin)',
  body: z.object({ user_id: rowId }),
  data: userBanSchema,
});

export const opsSessionSchema = z.object({
  id: z.number().int(),
  /** `LOGIN_TYPES` value the session was opened with. */
  login_type: z.number().int(),
  ip: z.string(),
  user_agent: z.string(),
  device_id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  /** Neither revoked nor expired. */
  active: z.boolean(),
});
export type OpsSession = z.infer<typeof opsSessionSchema>;

export const opsUserSessions = defineCall({
  method: 'GET',
  path: '/api/ops/users/sessions',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: "An account's sessions, newest first (admin or support)",
  query: pageQuery.extend({ user_id: rowId }),
  data: pageOf(opsSessionSchema),
});

export const opsUserSessionRevoke = defineCall({
  method: 'POST',
  path: '/api/ops/users/sessions/revoke',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: "End one of an account's sessions at once (safe to repeat) (admin)",
  body: z.object({ user_id: rowId, session_id: rowId }),
  data: opsSessionSchema,
});

const roleChange = z.object({ user_id: rowId, role });
const userRoles = z.object({ user_id: z.number().int(), roles: z.array(role) });

export const opsRoleGrant = defineCall({
  method: 'POST',
  path: '/api/ops/roles/grant',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Give an account a role; returns its roles (a role already held changes nothing) (admin)',
  body: roleChange,
  data: userRoles,
});

export const opsRoleRevoke = defineCall({
  method: 'POST',
  path: '/api/ops/roles/revoke',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Take a role from an account; an admin cannot take their own admin role (admin)',
  body: roleChange,
  data: userRoles,
});
