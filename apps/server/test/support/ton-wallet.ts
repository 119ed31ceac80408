import { createHash, randomBytes } from 'node:crypto';
import { beginCell, storeStateInit } from '@ton/core';
import { keyPairFromSeed, sign, type KeyPair } from '@ton/crypto';
import { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import type { TonWalletInfo } from '@taice/contract';

// A throw-away TON wallet that answers a TON Connect `ton_proof` request the way a
// real wallet does. Only type imports from the server, so e2e tests can use it too.
// The proof message is built here independently of the server's verifier on purpose.

export type TestTonWalletVersion = 'v4' | 'v5r1';

export interface TonProofRequest {
  payload: string;
  domain: string;
  /** Unix seconds; defaults to now. */
  timestamp?: number;
  /** Form of `account.address`: raw `0:<hex>` (what wallets send) or user-friendly. */
  addressForm?: 'raw' | 'friendly';
  /** Whether `account.publicKey` is sent (wallets usually do). */
  withPublicKey?: boolean;
}

export interface TestTonWallet {
  version: TestTonWalletVersion;
  keyPair: KeyPair;
  publicKeyHex: string;
  /** Raw form `0:<64 hex>`. */
  address: string;
  /** Non-bounceable user-friendly form (`UQ…`, or `0Q…` on testnet). */
  friendlyAddress: string;
  chain: '-239' | '-3';
  stateInitBase64: string;
  walletInfo(request: TonProofRequest): TonWalletInfo;
}

export function createTestTonWallet(
  options: { version?: TestTonWalletVersion; chain?: '-239' | '-3' } = {},
): TestTonWallet {
  const version = options.version ?? 'v4';
  const chain = options.chain ?? '-239';
  const keyPair = keyPairFromSeed(randomBytes(32));
  const contract =
    version === 'v4'
      ? WalletContractV4.create({ workchain: 0, publicKey: keyPair.publicKey })
      : WalletContractV5R1.create({
          publicKey: keyPair.publicKey,
          walletId: {
            networkGlobalId: Number(chain),
            context: { walletVersion: 'v5r1', workchain: 0, subwalletNumber: 0 },
          },
        });
  const stateInitBase64 = beginCell().store(storeStateInit(contract.init)).endCell().toBoc().toString('base64');
  const address = contract.address.toRawString();
  const friendlyAddress = contract.address.toString({ bounceable: false, testOnly: chain === '-3' });
  const publicKeyHex = keyPair.publicKey.toString('hex');

  return {
    version,
    keyPair,
    publicKeyHex,
    address,
    friendlyAddress,
    chain,
    stateInitBase64,
    walletInfo({ payload, domain, timestamp, addressForm = 'raw', withPublicKey = true }): TonWalletInfo {
      const ts = timestamp ?? Math.floor(Date.now() / 1000);
      const hash = contract.address.hash;
      const signature = signTonProof(keyPair.secretKey, { workchain: 0, hash, domain, timestamp: ts, payload });
      return {
        account: {
          address: addressForm === 'raw' ? address : friendlyAddress,
          chain,
          walletStateInit: stateInitBase64,
          ...(withPublicKey ? { publicKey: publicKeyHex } : {}),
        },
        connectItems: {
          tonProof: {
            name: 'ton_proof',
            proof: {
              timestamp: ts,
              domain: { lengthBytes: Buffer.byteLength(domain, 'utf8'), value: domain },
              signature: signature.toString('base64'),
              payload,
            },
          },
        },
        device: { platform: 'linux', appName: 'taice-test-wallet', appVersion: '1.0.0', maxProtocolVersion: 2 },
        provider: 'http',
      };
    },
  };
}

/** Ed25519 signature of a TON Connect proof (ton-proof-item-v2). */
export function signTonProof(
  secretKey: Buffer,
  proof: { workchain: number; hash: Buffer; domain: string; timestamp: number; payload: string },
): Buffer {
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
  const domain = Buffer.from(proof.domain, 'utf8');
  const header = Buffer.alloc(4 + 32 + 4);
  header.writeInt32BE(proof.workchain, 0);
  proof.hash.copy(header, 4);
  header.writeUInt32LE(domain.length, 36);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(proof.timestamp));
  const message = Buffer.concat([
    Buffer.from('ton-proof-item-v2/'),
    header,
    domain,
    timestamp,
    Buffer.from(proof.payload, 'utf8'),
  ]);
  return sign(
    sha256(Buffer.concat([Buffer.from('ffff', 'hex'), Buffer.from('ton-connect'), sha256(message)])),
    secretKey,
  );
}
