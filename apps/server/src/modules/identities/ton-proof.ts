import { createHash } from 'node:crypto';
import { Address, Cell, CellType, contractAddress, loadStateInit, type StateInit } from '@ton/core';
import { signVerify } from '@ton/crypto';
import { TON_CHAINS } from '@taice/contract';
import {
  WalletContractV1R1,
  WalletContractV1R2,
  WalletContractV1R3,
  WalletContractV2R1,
  WalletContractV2R2,
  WalletContractV3R1,
  WalletContractV3R2,
  WalletContractV4,
  WalletContractV5Beta,
  WalletContractV5R1,
} from '@ton/ton';

// Verifies a TON Connect `ton_proof` (https://docs.ton.org/develop/dapps/ton-connect/sign)
// offline: the public key comes from the wallet's StateInit, which must hash to the
// claimed address, so no blockchain look-up is needed (also for undeployed wallets).

/** The TON Connect UI `Wallet` object as validated by the contract's `tonWalletInfoSchema`. */
export interface TonWalletInfo {
  account: { address: string; chain: string; walletStateInit: string; publicKey?: string };
  connectItems: {
    tonProof: {
      name: 'ton_proof';
      proof: {
        timestamp: number;
        domain: { lengthBytes: number; value: string };
        signature: string;
        payload: string;
      };
    };
  };
  device?: Record<string, unknown>;
  provider?: string;
}

export type TonProofFailure = 'malformed' | 'domain' | 'expired' | 'address_mismatch' | 'unknown_wallet' | 'signature';

export type TonProofResult =
  | {
      ok: true;
      /** Raw form `<workchain>:<64 hex>`, lower-case. */
      address: string;
      /** The user-friendly, non-bounceable form wallets show (testnet-flagged on testnet). */
      friendly: string;
      /** Ed25519 public key, 64 lower-case hex characters. */
      publicKey: string;
      payload: string;
      /** `-239` mainnet, `-3` testnet, as the wallet reported it. */
      network: string;
      /** Which standard wallet contract the StateInit carries, e.g. `v4r2`. */
      walletVersion: string;
      /** Signing time the wallet claimed. */
      timestamp: Date;
    }
  | { ok: false; reason: TonProofFailure };

export interface TonProofOptions {
  /** Host names (with port when not default) the app is served from, as wallets report `domain.value`. */
  allowedDomains: string[];
  maxAgeSeconds: number;
  now: Date;
}

const KNOWN_CHAINS = new Set<string>(Object.values(TON_CHAINS));
const MAX_FUTURE_SKEW_SECONDS = 60;
const TON_PROOF_PREFIX = 'ton-proof-item-v2/';
const TON_CONNECT_PREFIX = 'ton-connect';

/** Bits before the 256-bit public key in each data layout. */
const KEY_OFFSET = {
  v1: 32, // seqno
  v3: 64, // seqno, subwallet id
  v5beta: 113, // seqno (33 bits), wallet id (80 bits)
  v5r1: 65, // is_signature_allowed, seqno, wallet id
} as const;

interface KnownWallet {
  version: string;
  keyOffset: number;
}

/** Code hash (hex) → standard wallet contract. */
const KNOWN_WALLETS: ReadonlyMap<string, KnownWallet> = buildKnownWallets();

function buildKnownWallets(): Map<string, KnownWallet> {
  const publicKey = Buffer.alloc(32);
  const codeHash = (contract: { init: { code: Cell } }) => contract.init.code.hash().toString('hex');
  const map = new Map<string, KnownWallet>();
  const add = (hash: string, version: string, keyOffset: number) => map.set(hash, { version, keyOffset });
  add(codeHash(WalletContractV1R1.create({ workchain: 0, publicKey })), 'v1r1', KEY_OFFSET.v1);
  add(codeHash(WalletContractV1R2.create({ workchain: 0, publicKey })), 'v1r2', KEY_OFFSET.v1);
  add(codeHash(WalletContractV1R3.create({ workchain: 0, publicKey })), 'v1r3', KEY_OFFSET.v1);
  add(codeHash(WalletContractV2R1.create({ workchain: 0, publicKey })), 'v2r1', KEY_OFFSET.v1);
  add(codeHash(WalletContractV2R2.create({ workchain: 0, publicKey })), 'v2r2', KEY_OFFSET.v1);
  add(codeHash(WalletContractV3R1.create({ workchain: 0, publicKey })), 'v3r1', KEY_OFFSET.v3);
  add(codeHash(WalletContractV3R2.create({ workchain: 0, publicKey })), 'v3r2', KEY_OFFSET.v3);
  add(codeHash(WalletContractV4.create({ workchain: 0, publicKey })), 'v4r2', KEY_OFFSET.v3);
  add(codeHash(WalletContractV5Beta.create({ publicKey })), 'v5beta', KEY_OFFSET.v5beta);
  add(codeHash(WalletContractV5R1.create({ publicKey })), 'v5r1', KEY_OFFSET.v5r1);
  // Not shipped by @ton/ton; hashes as listed in tonkeeper/tongo's known contracts.
  add('64dd54805522c5be8a9db59cea0105ccf0d08786ca79beb8cb79e880a8d7322d', 'v4r1', KEY_OFFSET.v3);
  // The W5 beta Tonkeeper deployed (as a library cell), same data layout as @ton/ton's V5Beta.
  add('e4cf3b2f4c6d6a61ea0f2b5447d266785b26af3637db2deee6bcd1aa826f3412', 'v5beta', KEY_OFFSET.v5beta);
  return map;
}

export function verifyTonProof(walletInfo: TonWalletInfo, opts: TonProofOptions): TonProofResult {
  try {
    return verify(walletInfo, opts);
  } catch {
    // Cell and address parsers throw on malformed input; nothing else here should.
    return { ok: false, reason: 'malformed' };
  }
}

function verify(walletInfo: TonWalletInfo, opts: TonProofOptions): TonProofResult {
  const account = walletInfo?.account;
  const proof = walletInfo?.connectItems?.tonProof?.proof;
  if (!account || !proof || walletInfo.connectItems.tonProof.name !== 'ton_proof') return fail('malformed');
  const { timestamp, domain, payload, signature } = proof;
  if (
    typeof account.address !== 'string' ||
    typeof account.walletStateInit !== 'string' ||
    !KNOWN_CHAINS.has(account.chain) ||
    !Number.isSafeInteger(timestamp) ||
    timestamp < 0 ||
    typeof domain?.value !== 'string' ||
    typeof payload !== 'string' ||
    typeof signature !== 'string'
  ) {
    return fail('malformed');
  }
  const signatureBytes = Buffer.from(signature, 'base64');
  if (signatureBytes.length !== 64) return fail('malformed');

  // The domain is signed, but only the app's own domains prove the user meant to sign in here.
  const allowed = opts.allowedDomains.some((d) => d.toLowerCase() === domain.value.toLowerCase());
  if (!allowed || domain.lengthBytes !== Buffer.byteLength(domain.value, 'utf8')) return fail('domain');

  const nowSeconds = Math.floor(opts.now.getTime() / 1000);
  if (nowSeconds - timestamp > opts.maxAgeSeconds || timestamp - nowSeconds > MAX_FUTURE_SKEW_SECONDS) {
    return fail('expired');
  }

  const address = Address.parse(account.address);
  const stateInit = loadStateInit(Cell.fromBase64(account.walletStateInit).beginParse());
  if (!contractAddress(address.workChain, stateInit).equals(address)) return fail('address_mismatch');

  const wallet = identifyWallet(stateInit);
  if (!wallet) return fail('unknown_wallet');
  const publicKey = wallet.publicKey.toString('hex');
  if (account.publicKey !== undefined && account.publicKey.toLowerCase() !== publicKey) {
    return fail('address_mismatch');
  }

  const digest = proofDigest(address, domain.value, timestamp, payload);
  if (!signVerify(digest, signatureBytes, wallet.publicKey)) return fail('signature');

  return {
    ok: true,
    address: address.toRawString().toLowerCase(),
    friendly: address.toString({ bounceable: false, testOnly: account.chain === '-3' }),
    publicKey,
    payload,
    network: account.chain,
    walletVersion: wallet.version,
    timestamp: new Date(timestamp * 1000),
  };
}

/** Matches the StateInit's code against the standard wallets and reads the key from its data. */
function identifyWallet(stateInit: StateInit): { version: string; publicKey: Buffer } | null {
  const { code, data } = stateInit;
  if (!code || !data || data.isExotic) return null;
  const known = KNOWN_WALLETS.get(codeHashOf(code));
  if (!known) return null;
  const slice = data.beginParse();
  slice.skip(known.keyOffset);
  return { version: known.version, publicKey: slice.loadBuffer(32) };
}

/** Hash of the code a cell stands for: wallets such as W5 ship their code as a library cell. */
function codeHashOf(code: Cell): string {
  if (code.type === CellType.Library) {
    const slice = code.beginParse(true);
    slice.skip(8); // library cell tag
    return slice.loadBuffer(32).toString('hex');
  }
  return code.isExotic ? '' : code.hash().toString('hex');
}

/** sha256(0xffff ++ "ton-connect" ++ sha256(message)), the bytes the wallet signs. */
function proofDigest(address: Address, domain: string, timestamp: number, payload: string): Buffer {
  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(address.workChain);
  const domainBytes = Buffer.from(domain, 'utf8');
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domainBytes.length);
  const time = Buffer.alloc(8);
  time.writeBigUInt64LE(BigInt(timestamp));
  const message = Buffer.concat([
    Buffer.from(TON_PROOF_PREFIX, 'utf8'),
    workchain,
    address.hash,
    domainLength,
    domainBytes,
    time,
    Buffer.from(payload, 'utf8'),
  ]);
  const fullMessage = Buffer.concat([
    Buffer.from([0xff, 0xff]),
    Buffer.from(TON_CONNECT_PREFIX, 'utf8'),
    sha256(message),
  ]);
  return sha256(fullMessage);
}

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function fail(reason: TonProofFailure): TonProofResult {
  return { ok: false, reason };
}
