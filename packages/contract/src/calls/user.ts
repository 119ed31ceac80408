import { z } from 'zod';
import { defineCall, rowId } from '../call';

/** Login types of the second call family (spec section 7), also sent as `logType`. */
export const LOGIN_TYPES = { wallet: 1, email: 2, email_register: 3, telegram: 4, google: 5, ton: 6 } as const;
export type LoginType = (typeof LOGIN_TYPES)[keyof typeof LOGIN_TYPES];

/** register_type: 1 normal, 2 from an e-mail prompt, 3 inside the messenger app. */
export const REGISTER_TYPES = [1, 2, 3] as const;
export const SEND_CODE_TYPES = ['register', 'forget_password'] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NICKNAME_MAX_LENGTH = 20;
export const SOCIAL_LINK_MAX_LENGTH = 200;
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_INPUT_MAX = 10;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

const flag = z.union([z.literal(0), z.literal(1)]);

export const userLevelSchema = z.object({
  level_no: z.number().int(),
  now_point: z.number(),
  max_point: z.number(),
});

/** User info of spec section 3. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  unread_num: z.number().int(),
  post_num: z.number().int(),
  be_follow_num: z.number().int(),
  follow_num: z.number().int(),
  user_level: userLevelSchema,
  invite_code: z.string(),
  invite_num: z.number().int(),
  chain_address: z.string(),
  chain: z.string(),
  spk: z.number(),
  avatar: z.string(),
  name: z.string(),
  nickname: z.string(),
  email: z.string(),
  gender: z.number().int(),
  twitter: z.string(),
  facebook: z.string(),
  youtube: z.string(),
  instagram: z.string(),
  /** The Telegram Premium username the user gave (`tme/XXX` or `@XXX`), '' when none. */
  telegram_premium: z.string(),
  is_new_register: flag,
  is_new_desc: flag,
  logType: z.number().int(),
  /** Outside identities bound to the account besides chain_address and email: what each shows, '' when none. */
  bindings: z.object({ ton: z.string(), telegram: z.string(), google: z.string() }),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const publicProfileSchema = userInfoSchema
  .pick({
    id: true,
    uuid: true,
    avatar: true,
    name: true,
    nickname: true,
    gender: true,
    twitter: true,
    facebook: true,
    youtube: true,
    instagram: true,
    post_num: true,
    be_follow_num: true,
    follow_num: true,
    user_level: true,
  })
  .extend({ created_at: z.string() });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const loginResultSchema = z.object({ user: userInfoSchema, token: z.string() });

// Field schemas whose failures carry the spec's own messages (error catalogue keys).
const email = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, 'email_required')
  .max(254, 'email_invalid')
  .pipe(z.email({ error: 'email_invalid' }))
  .transform((v) => v.toLowerCase());
const password = z
  .string({ error: 'password_required' })
  .min(1, 'password_required')
  .min(PASSWORD_MIN_LENGTH, 'password_too_short')
  .max(PASSWORD_MAX_LENGTH);
const code = z.string({ error: 'code_required' }).trim().min(1, 'code_required').max(EMAIL_CODE_INPUT_MAX);
/** What an invitation code looks like (codes are stored upper case). */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;
/** An invitation code as typed or linked: optional, case-insensitive. */
export const inviteCode = z
  .string()
  .trim()
  .max(32)
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined));
/** How the visitor came to register (REGISTER_TYPES). */
export const registerType = z.coerce
  .number()
  .int()
  .refine((v) => (REGISTER_TYPES as readonly number[]).includes(v))
  .default(1);

export const sendEmailCode = defineCall({
  method: 'POST',
  path: '/api/frontend/user/sendEmailCode',
  auth: 'none',
  tag: 'user',
  summary: 'E-mail a 6-digit code (valid 10 minutes) for registration or a password reset',
  body: z.object({ email, type: z.enum(SEND_CODE_TYPES) }),
  data: z.object({ countdown: z.number().int() }),
});

export const emailRegister = defineCall({
  method: 'POST',
  path: '/api/frontend/user/emailRegister',
  auth: 'none',
  tag: 'user',
  summary: 'Create an account with an e-mail code and a password; logs in',
  body: z.object({
    email,
    code,
    password,
    invite_code: inviteCode,
    register_type: registerType,
  }),
  data: loginResultSchema,
});

export const emailLogin = defineCall({
  method: 'POST',
  path: '/api/frontend/user/emailLogin',
  auth: 'none',
  tag: 'user',
  summary: 'Log in with e-mail and password',
  body: z.object({
    email: z.string({ error: 'email_required' }).trim().min(1, 'email_required').max(254).toLowerCase(),
    password: z.string({ error: 'password_required' }).min(1, 'password_required').max(PASSWORD_MAX_LENGTH),
  }),
  data: loginResultSchema,
});

export const forgetPassword = defineCall({
  method: 'POST',
  path: '/api/frontend/user/forgetPassword',
  auth: 'none',
  tag: 'user',
  summary: 'Set a new password with an e-mail code; ends every session of the account',
  body: z.object({
    email: z.string({ error: 'email_required' }).trim().min(1, 'email_required').max(254).toLowerCase(),
    code,
    password,
    invite_code: inviteCode,
  }),
  data: z.null(),
});

export const logout = defineCall({
  method: 'POST',
  path: '/api/frontend/logout',
  auth: 'none',
  tag: 'user',
  summary: 'End the current session (harmless when already ended)',
  data: z.null(),
});

export const userInfo = defineCall({
  method: 'GET',
  path: '/api/frontend/user/info',
  auth: 'required',
  tag: 'user',
  summary: 'The logged-in user',
  data: userInfoSchema,
});

/** The second call family's name for user/info (spec section 7). */
export const getInfo = { ...userInfo, path: '/api/frontend/user/getInfo', summary: 'Same as user/info' };

export const userProfile = defineCall({
  method: 'GET',
  path: '/api/frontend/user/profile',
  auth: 'optional',
  tag: 'user',
  summary: "Another user's public profile",
  query: z.object({ id: rowId }),
  data: publicProfileSchema,
});

const requiredText = (key: string) => z.string().trim().min(1, key);

/**
 * A Telegram Premium username as the profile takes it (spec section 5): `tme/XXX` or `@XXX`, XXX a Telegram
 * username (a letter, then letters, digits or `_`; 4 to 32 characters, as Premium's short names allow).
 */
const TELEGRAM_PREMIUM_USERNAME_PATTERN = /^(?:tme\/|@)[A-Za-z][A-Za-z0-9_]{3,31}$/;
/** Whether the profile takes `value` as its Telegram Premium username ('' clears it; spaces around are dropped). */
export function isTelegramPremiumUsername(value: string): boolean {
  const name = value.trim();
  return name === '' || TELEGRAM_PREMIUM_USERNAME_PATTERN.test(name);
}
// `tme/` and 32 characters at most; the bound also keeps the body's largest size known.
const telegramPremiumUsername = z
  .string()
  .trim()
  .max(36, 'telegram_username_invalid')
  .refine(isTelegramPremiumUsername, 'telegram_username_invalid');
const socialLink = (key: string) => requiredText(key).max(SOCIAL_LINK_MAX_LENGTH, 'link_too_long');

export const infoStore = defineCall({
  method: 'POST',
  path: '/api/frontend/user/infoStore',
  auth: 'required',
  tag: 'user',
  summary: 'Edit the profile; only the fields sent change, and none may be empty',
  body: z.object({
    avatar: requiredText('avatar_required').max(500).optional(),
    nickname: requiredText('nickname_required').max(NICKNAME_MAX_LENGTH, 'nickname_too_long').optional(),
    gender: z.coerce
      .number()
      .int()
      .refine((v) => v === 0 || v === 1 || v === 2)
      .optional(),
    twitter: socialLink('twitter_required').optional(),
    facebook: socialLink('facebook_required').optional(),
    youtube: socialLink('youtube_required').optional(),
    instagram: socialLink('instagram_required').optional(),
    telegram_premium: telegramPremiumUsername.optional(),
  }),
  data: userInfoSchema,
});

export const emailStore = defineCall({
  method: 'POST',
  path: '/api/frontend/user/emailStore',
  auth: 'required',
  tag: 'user',
  summary: 'Add an e-mail (and optionally a password) to an account that has none, with a register code',
  body: z.object({ email, code, password: password.optional() }),
  data: userInfoSchema,
});

export const completeGuide = defineCall({
  method: 'POST',
  path: '/api/frontend/user/completeGuide',
  auth: 'required',
  tag: 'user',
  summary: 'Mark the new-user guide as seen',
  data: userInfoSchema,
});

export const registerVisit = defineCall({
  method: 'GET',
  path: '/api/user/register',
  auth: 'none',
  tag: 'user',
  summary: 'Count a visit to the registration entry by source (utm-style tracking)',
  query: z.object({
    source: z
      .string()
      .trim()
      .max(64)
      .regex(/^[\w.-]*$/)
      .optional()
      .transform((v) => v || 'direct'),
  }),
  data: z.null(),
});

export const uploadToken = defineCall({
  method: 'GET',
  path: '/api/common/upload/token',
  auth: 'required',
  tag: 'common',
  summary: 'A short-lived grant to upload one file: PUT the raw bytes to upload_url',
  /** `avatar`: a 256 px square; `cover`: a video cover, at most 1280 px wide (storePost's `cover_url`). */
  query: z.object({ type: z.enum(['avatar', 'cover']) }),
  data: z.object({
    upload_url: z.string(),
    method: z.literal('PUT'),
    max_bytes: z.number().int(),
    content_types: z.array(z.string()),
    expires_at: z.string(),
  }),
});

export const uploadResultSchema = z.object({ url: z.string() });
/** What the upload URL answers in its envelope: where the stored file is served. */
export type UploadResult = z.infer<typeof uploadResultSchema>;
