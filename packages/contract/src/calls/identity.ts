import { z } from 'zod';
import { defineCall } from '../call';
import { multiline } from '../text';
import { telegramLoginUserSchema, tonWalletInfoSchema } from './identity-proofs';
import { LOGIN_TYPES, inviteCode, loginResultSchema, registerType, userInfoSchema } from './user';

/** The fixed agreement a wallet signs to log in or bind (spec section 7); a server nonce follows it. */
export const WALLET_SIGN_AGREEMENT =
  'Welcome to TAICE! Sign this message to log in and accept the TAICE Terms of Service and Privacy Policy. ' +
  'This request will not trigger a blockchain transaction or cost any gas fees.';

/** How long a wallet nonce, a TON proof payload or a Google ticket stays usable. */
export const AUTH_CHALLENGE_TTL_SECONDS = 300;

const chainAddress = z
  .string({ error: 'wallet_required' })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'wallet_address_invalid')
  .transform((v) => v.toLowerCase() as `0x${string}`);
const signature = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{130,2000}$/, 'wallet_signature_invalid')
  .transform((v) => v as `0x${string}`);
/** The nonce message as the wallet signed it: several lines. */
const signedMessage = multiline(z.string().min(1).max(1000));

export const walletNonce = defineCall({
  method: 'POST',
  path: '/api/frontend/auth/wallet/nonce',
  auth: 'none',
  tag: 'identity',
  summary: 'The message a wallet signs to log in or bind: the agreement text and a single-use nonce',
  body: z.object({ chain_address: chainAddress }),
  data: z.object({ message: z.string(), nonce: z.string(), expires_at: z.string() }),
});

const walletLoginBody = z.object({
  chain_address: chainAddress,
  signature,
  message: signedMessage,
  invite_code: inviteCode,
});

export const walletLogin = defineCall({
  method: 'POST',
  path: '/api/frontend/user/walletLogin',
  auth: 'none',
  tag: 'identity',
  summary: 'Log in (or sign up) with an EVM wallet: an EIP-191 signature of the nonce message',
  body: walletLoginBody,
  data: loginResultSchema,
});

export const login = { ...walletLogin, path: '/api/frontend/login', summary: 'Same as user/walletLogin' };

export const walletBind = defineCall({
  method: 'POST',
  path: '/api/frontend/user/walletBind',
  auth: 'required',
  tag: 'identity',
  summary: 'Bind an EVM wallet to the logged-in account (signature of the nonce message)',
  body: z.object({ chain_address: chainAddress, message: signedMessage, signature }),
  data: userInfoSchema,
});

export const tonPayload = defineCall({
  method: 'POST',
  path: '/api/frontend/auth/ton/payload',
  auth: 'none',
  tag: 'identity',
  summary: 'A single-use payload for the TON Connect ton_proof',
  data: z.object({ payload: z.string(), expires_at: z.string() }),
});

const tonLoginBody = z.object({
  wallet_info: tonWalletInfoSchema,
  invite_code: inviteCode,
  register_type: registerType,
});

export const tonLogin = defineCall({
  method: 'POST',
  path: '/api/frontend/auth/ton/login',
  auth: 'none',
  tag: 'identity',
  summary: 'Log in (or sign up) with a TON wallet through its ton_proof',
  body: tonLoginBody,
  data: loginResultSchema,
});

export const tonBind = defineCall({
  method: 'POST',
  path: '/api/frontend/user/tonBind',
  auth: 'required',
  tag: 'identity',
  summary: 'Bind a TON wallet to the logged-in account through its ton_proof',
  body: z.object({ wallet_info: tonWalletInfoSchema }),
  data: userInfoSchema,
});

const telegramLoginBody = z.object({ user: telegramLoginUserSchema, invite_code: inviteCode });

export const telegramLogin = defineCall({
  method: 'POST',
  path: '/api/frontend/auth/telegram/login',
  auth: 'none',
  tag: 'identity',
  summary: 'Log in (or sign up) with Telegram: Mini App initData or Login Widget data',
  body: telegramLoginBody,
  data: loginResultSchema,
});

export const telegramOauthUrl = defineCall({
  method: 'GET',
  path: '/api/frontend/auth/telegram/getOauthUrl',
  auth: 'none',
  tag: 'identity',
  summary: "The Telegram Login Widget address that returns to redirect_uri (this site's origin only)",
  query: z.object({ redirect_uri: z.string().trim().min(1).max(500) }),
  data: z.object({ url: z.string(), bot_id: z.string() }),
});

export const telegramBind = defineCall({
  method: 'POST',
  path: '/api/frontend/user/telegramBind',
  auth: 'required',
  tag: 'identity',
  summary: 'Bind a Telegram account to the logged-in account',
  body: z.object({ user: telegramLoginUserSchema }),
  data: userInfoSchema,
});

const googleTicket = z.string({ error: 'google_ticket_invalid' }).trim().min(16).max(200);

const googleLoginBody = z.object({ ticket: googleTicket, invite_code: inviteCode });

export const googleLogin = defineCall({
  method: 'POST',
  path: '/api/frontend/auth/google/login',
  auth: 'none',
  tag: 'identity',
  summary: 'Log in (or sign up) with the ticket the Google callback left in the address fragment',
  body: googleLoginBody,
  data: loginResultSchema,
});

export const googleEmailBind = defineCall({
  method: 'POST',
  path: '/api/frontend/user/googleEmailBind',
  auth: 'required',
  tag: 'identity',
  summary: 'Bind a Google account (and its e-mail when the account has none) with a Google ticket',
  body: z.object({ ticket: googleTicket }),
  data: userInfoSchema,
});

export const getAccessToken = defineCall({
  method: 'GET',
  path: '/api/frontend/getAccessToken',
  auth: 'required',
  tag: 'identity',
  summary: 'Exchange the current token for a fresh one (the old one ends)',
  data: z.object({ token: z.string(), expires_at: z.string() }),
});

export const providersSchema = z.object({
  google: z.boolean(),
  /** `app_name`: the Mini App's short name, for `https://t.me/<bot_name>/<app_name>?startapp=...` links. */
  telegram: z.object({ bot_id: z.string(), bot_name: z.string(), app_name: z.string() }).nullable(),
  ton_manifest_url: z.string(),
  wallet_connect_project_id: z.string(),
});
export type AuthProviders = z.infer<typeof providersSchema>;

export const providers = defineCall({
  method: 'GET',
  path: '/api/frontend/auth/providers',
  auth: 'none',
  tag: 'identity',
  summary: 'Which outside login methods this server is configured for',
  data: providersSchema,
});

/** The second call family of spec section 7: the same handlers; a login `type`, when sent, must match. */
const loginTypeOf = (type: number) => ({
  type: z.coerce
    .number()
    .int()
    .refine((v) => v === type, 'login_type_mismatch')
    .optional(),
});

export const aliasTelegramLogin = defineCall({
  ...telegramLogin,
  path: '/api/frontend/user/telegramLogin',
  summary: 'Same as auth/telegram/login',
  body: telegramLoginBody.extend(loginTypeOf(LOGIN_TYPES.telegram)),
});
export const aliasGoogleLogin = defineCall({
  ...googleLogin,
  path: '/api/frontend/user/googlelogin',
  summary: 'Same as auth/google/login',
  body: googleLoginBody.extend(loginTypeOf(LOGIN_TYPES.google)),
});
export const aliasTonLogin = defineCall({
  ...tonLogin,
  path: '/api/frontend/user/tonlogin',
  summary: 'Same as auth/ton/login',
  body: tonLoginBody.extend(loginTypeOf(LOGIN_TYPES.ton)),
});
