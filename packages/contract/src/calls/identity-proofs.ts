import { z } from 'zod';

// Client payloads that prove control of an outside identity (a TON wallet, a
// Telegram account). The server verifies them cryptographically; these schemas
// only bound their shape and size so junk is refused before any parsing.

/** Seconds since the epoch, as a number or a string of digits (wallets and widgets send either). */
const unixSeconds = z.union([
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

const HEX_64 = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

export const TON_CHAINS = { mainnet: '-239', testnet: '-3' } as const;
export const TON_PROOF_PAYLOAD_MAX_LENGTH = 128;
export const TON_STATE_INIT_MAX_LENGTH = 4096;
export const TON_DOMAIN_MAX_LENGTH = 253;
export const TELEGRAM_INIT_DATA_MAX_LENGTH = 4096;

/** The `ton_proof` item a wallet returns on connect (TON Connect `TonProofItemReplySuccess`). */
export const tonProofItemSchema = z.looseObject({
  name: z.literal('ton_proof'),
  proof: z.looseObject({
    timestamp: unixSeconds,
    domain: z.looseObject({
      lengthBytes: z.number().int().nonnegative().max(1024),
      value: z.string().min(1).max(TON_DOMAIN_MAX_LENGTH),
    }),
    // 64 signature bytes are 88 base64 characters; leave room for url-safe or unpadded forms.
    signature: z.string().min(1).max(128).regex(BASE64),
    payload: z.string().max(TON_PROOF_PAYLOAD_MAX_LENGTH),
  }),
});

/** TON Connect UI `Wallet` object, sent as `wallet_info` by `auth/ton/login` and `user/tonBind`. */
export const tonWalletInfoSchema = z.looseObject({
  account: z.looseObject({
    /** Raw `0:<64 hex>` or user-friendly (`EQ…`/`UQ…`) form. */
    address: z.string().min(1).max(100),
    /** `-239` mainnet, `-3` testnet. */
    chain: z.string().min(1).max(10),
    /** Base64 BOC of the wallet's StateInit. */
    walletStateInit: z.string().min(1).max(TON_STATE_INIT_MAX_LENGTH).regex(BASE64),
    publicKey: z.string().regex(HEX_64).optional(),
  }),
  connectItems: z.looseObject({ tonProof: tonProofItemSchema }),
  device: z.looseObject({}).optional(),
  provider: z.string().max(32).optional(),
});
export type TonWalletInfo = z.infer<typeof tonWalletInfoSchema>;

/** Result of the Telegram Login Widget (`onauth` user object). Numbers may arrive as strings. */
export const telegramWidgetDataSchema = z.looseObject({
  id: z.union([
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z
      .string()
      .regex(/^[1-9]\d{0,15}$/)
      .transform(Number),
  ]),
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  photo_url: z.string().max(2048).optional(),
  auth_date: unixSeconds,
  hash: z.string().regex(HEX_64),
});
export type TelegramWidgetData = z.infer<typeof telegramWidgetDataSchema>;

/**
 * The `user` field of `auth/telegram/login` and `user/telegramBind`: either a
 * Mini App's raw `initData` query string or the Login Widget object.
 */
export const telegramLoginUserSchema = z.union([
  z.string().min(1).max(TELEGRAM_INIT_DATA_MAX_LENGTH),
  telegramWidgetDataSchema,
]);
export type TelegramLoginUser = z.infer<typeof telegramLoginUserSchema>;
