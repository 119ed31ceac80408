import { describe, expect, it } from 'vitest';
import { Address, beginCell, contractAddress, storeStateInit } from '@ton/core';
import { tonWalletInfoSchema } from '../../../packages/contract/src/calls/identity-proofs';
import { verifyTonProof, type TonWalletInfo } from '../src/modules/identities/ton-proof';
import { createTestTonWallet, signTonProof } from './support/ton-wallet';

const NOW = new Date('2025-06-01T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const DOMAIN = 'taice.example';
const OPTS = { allowedDomains: [DOMAIN, 'localhost:5173'], maxAgeSeconds: 900, now: NOW };
const PAYLOAD = 'c1a0d1b2e3f4a5b6c7d8e9f0a1b2c3d4';

function proofOf(info: TonWalletInfo) {
  return info.connectItems.tonProof.proof;
}

describe('verifyTonProof with freshly signed proofs', () => {
  it('accepts a v4 wallet proof and returns the raw address, key and payload', () => {
    const wallet = createTestTonWallet({ version: 'v4' });
    const result = verifyTonProof(wallet.walletInfo({ payload: PAYLOAD, domain: DOMAIN, timestamp: NOW_S - 5 }), OPTS);
    expect(result).toEqual({
      ok: true,
      address: wallet.address,
      // the non-bounceable mainnet form wallets show
      friendly: expect.stringMatching(/^UQ[\w-]{46}$/),
      publicKey: wallet.publicKeyHex,
      payload: PAYLOAD,
      network: '-239',
      walletVersion: 'v4r2',
      timestamp: new Date((NOW_S - 5) * 1000),
    });
    expect(wallet.address).toMatch(/^0:[0-9a-f]{64}$/);
  });

  it('accepts a v5r1 wallet proof on testnet', () => {
    const wallet = createTestTonWallet({ version: 'v5r1', chain: '-3' });
    const result = verifyTonProof(wallet.walletInfo({ payload: PAYLOAD, domain: DOMAIN, timestamp: NOW_S }), OPTS);
    expect(result).toMatchObject({
      ok: true,
      address: wallet.address,
      friendly: expect.stringMatching(/^0Q[\w-]{46}$/),
      network: '-3',
      walletVersion: 'v5r1',
    });
  });

  it('accepts a wallet that does not send account.publicKey', () => {
    const wallet = createTestTonWallet({ version: 'v5r1' });
    const info = wallet.walletInfo({ payload: PAYLOAD, domain: DOMAIN, timestamp: NOW_S, withPublicKey: false });
    expect(verifyTonProof(info, OPTS)).toMatchObject({ ok: true, publicKey: wallet.publicKeyHex });
  });

  it('accepts the user-friendly address forms and answers with the raw form', () => {
    const wallet = createTestTonWallet();
    const info = wallet.walletInfo({ payload: PAYLOAD, domain: DOMAIN, timestamp: NOW_S, addressForm: 'friendly' });
    expect(info.account.address).toMatch(/^UQ/);
    expect(verifyTonProof(info, OPTS)).toMatchObject({ ok: true, address: wallet.address });

    info.account.address = Address.parse(wallet.address).toString({ bounceable: true, urlSafe: false });
    expect(info.account.address).toMatch(/^EQ/);
    expect(verifyTonProof(info, OPTS)).toMatchObject({ ok: true, address: wallet.address });

    // Flipping the flag without recomputing the checksum breaks the address.
    info.account.address = wallet.friendlyAddress.replace(/^UQ/, 'EQ');
    expect(verifyTonProof(info, OPTS)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('matches domains case-insensitively but signs them as sent', () => {
    const wallet = createTestTonWallet();
    const info = wallet.walletInfo({ payload: PAYLOAD, domain: 'LocalHost:5173', timestamp: NOW_S });
    expect(verifyTonProof(info, OPTS)).toMatchObject({ ok: true });
  });

  it('accepts what the contract schema outputs, including a timestamp sent as a string', () => {
    const wallet = createTestTonWallet();
    const info = wallet.walletInfo({ payload: PAYLOAD, domain: DOMAIN, timestamp: NOW_S });
    const wire = JSON.parse(JSON.stringify(info));
    wire.connectItems.tonProof.proof.timestamp = String(NOW_S);
    const parsed = tonWalletInfoSchema.parse(wire);
    expect(verifyTonProof(parsed, OPTS)).toMatchObject({ ok: true, address: wallet.address });
  });
});

describe('verifyTonProof refusals', () => {
  const wallet = createTestTonWallet({ version: 'v4' });
  const other = createTestTonWallet({ version: 'v4' });
  const valid = () => wallet.walletInfo({ payload: PAYLOAD, domain: DOMAIN, timestamp: NOW_S - 30 });

  it('refuses a tampered payload', () => {
    const info = valid();
    proofOf(info).payload = PAYLOAD.replace(/.$/, '0');
    expect(verifyTonProof(info, OPTS)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a tampered timestamp', () => {
    const info = valid();
    proofOf(info).timestamp += 10;
    expect(verifyTonProof(info, OPTS)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a signature made by another key', () => {
    const info = valid();
    const signature = signTonProof(other.keyPair.secretKey, {
      workchain: 0,
      hash: Buffer.from(wallet.address.slice(2), 'hex'),
      domain: DOMAIN,
      timestamp: proofOf(info).timestamp,
      payload: PAYLOAD,
    });
    proofOf(info).signature = signature.toString('base64');
    expect(verifyTonProof(info, OPTS)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a correctly signed proof for a domain that is not ours', () => {
    const info = wallet.walletInfo({ payload: PAYLOAD, domain: 'evil.example', timestamp: NOW_S });
    expect(verifyTonProof(info, OPTS)).toEqual({ ok: false, reason: 'domain' });
  });

  it('refuses a domain whose lengthBytes is not its UTF-8 length', () => {
    const info = valid();
    proofOf(info).domain.lengthBytes += 1;
    expect(verifyTonProof(info, OPTS)).toEqual({ ok: false, reason: 'domain' });
  });

  it('refuses a proof older than maxAgeSeconds and accepts one exactly that old', () => {
    const old = wallet.walletInfo({ payload: PAYLOAD, domain: DOMAIN, timestamp: NOW_S - 901 });
    expect(verifyTonProof(old, OPTS)).toEqual({ ok: false, reason: 'expired' });
    const edge = wallet.walletInfo({ payload: PAYLOAD, domain: DOMAIN, timestamp: NOW_S - 900 });
    expect(verifyTonProof(edge, OPTS)).toMatchObject({ ok: true });
  });

  it('refuses a proof from more than 60 s in the future', () => {
    const future = wallet.walletInfo({ payload: PAYLOAD, domain: DOMAIN, timestamp: NOW_S + 61 });
    expect(verifyTonProof(future, OPTS)).toEqual({ ok: false, reason: 'expired' });
    const skewed = wallet.walletInfo({ payload: PAYLOAD, domain: DOMAIN, timestamp: NOW_S + 60 });
    expect(verifyTonProof(skewed, OPTS)).toMatchObject({ ok: true });
  });

  it('refuses a stateInit that belongs to another wallet', () => {
    const info = valid();
    info.account.walletStateInit = other.stateInitBase64;
    expect(verifyTonProof(info, OPTS)).toEqual({ ok: false, reason: 'address_mismatch' });
  });

  it("refuses someone's own valid proof claiming another wallet's address", () => {
    const info = other.walletInfo({ payload: PAYLOAD, domain: DOMAIN, timestamp: NOW_S });
    info.account.address = wallet.address;
    expect(verifyTonProof(info, OPTS)).toEqual({ ok: false, reason: 'address_mismatch' });
  });

  it('refuses an account.publicKey that is not the one in the stateInit', () => {
    const info = valid();
    info.account.publicKey = other.publicKeyHex;
    expect(verifyTonProof(info, OPTS)).toEqual({ ok: false, reason: 'address_mismatch' });
  });

  it('refuses a contract that is not a known standard wallet', () => {
    // Same data layout as v4, but code the wallet list does not know: the key cannot be trusted.
    const data = beginCell().storeUint(0, 32).storeUint(698983191, 32).storeBuffer(wallet.keyPair.publicKey).endCell();
    const code = beginCell().storeUint(0xdeadbeef, 32).endCell();
    const address = contractAddress(0, { code, data });
    const info = valid();
    info.account.address = address.toRawString();
    info.account.walletStateInit = beginCell()
      .store(storeStateInit({ code, data }))
      .endCell()
      .toBoc()
      .toString('base64');
    proofOf(info).signature = signTonProof(wallet.keyPair.secretKey, {
      workchain: 0,
      hash: address.hash,
      domain: DOMAIN,
      timestamp: proofOf(info).timestamp,
      payload: PAYLOAD,
    }).toString('base64');
    expect(verifyTonProof(info, OPTS)).toEqual({ ok: false, reason: 'unknown_wallet' });
  });

  it.each([
    ['garbage stateInit', (i: TonWalletInfo) => void (i.account.walletStateInit = 'bm90IGEgYm9j')],
    [
      'truncated stateInit',
      (i: TonWalletInfo) => void (i.account.walletStateInit = wallet.stateInitBase64.slice(0, 40)),
    ],
    ['garbage address', (i: TonWalletInfo) => void (i.account.address = 'not-an-address')],
    ['unknown chain', (i: TonWalletInfo) => void (i.account.chain = '1')],
    ['short signature', (i: TonWalletInfo) => void (proofOf(i).signature = 'AAAA')],
    ['fractional timestamp', (i: TonWalletInfo) => void (proofOf(i).timestamp = NOW_S + 0.5)],
  ])('refuses a %s as malformed', (_name, spoil) => {
    const info = valid();
    spoil(info);
    expect(verifyTonProof(info, OPTS)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('never throws on nonsense input', () => {
    for (const junk of [
      null,
      undefined,
      42,
      'x',
      {},
      { account: {} },
      { account: {}, connectItems: { tonProof: {} } },
    ]) {
      expect(verifyTonProof(junk as unknown as TonWalletInfo, OPTS)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

// Proofs signed by real wallets (test data of github.com/WinoGarcia/TonProof.NET): an
// independent check of the message layout and of the code/key lookup.
describe('verifyTonProof with proofs from real wallets', () => {
  const domain = 'winogarcia.github.io';
  function realProof(p: {
    address: string;
    chain: string;
    timestamp: number;
    signature: string;
    payload: string;
    stateInit: string;
  }) {
    const info: TonWalletInfo = {
      account: { address: p.address, chain: p.chain, walletStateInit: p.stateInit },
      connectItems: {
        tonProof: {
          name: 'ton_proof',
          proof: {
            timestamp: p.timestamp,
            domain: { lengthBytes: 20, value: domain },
            signature: p.signature,
            payload: p.payload,
          },
        },
      },
    };
    return verifyTonProof(info, {
      allowedDomains: [domain],
      maxAgeSeconds: 300,
      now: new Date((p.timestamp + 10) * 1000),
    });
  }

  it('verifies a v4r2 mainnet proof', () => {
    expect(
      realProof({
        address: '0:0522952c6d0846ad7f93dfb7987e5f77f02ee53290a26f9be85a50c689085932',
        chain: '-239',
        timestamp: 1721827476,
        signature: 'z05SXc3qseQ/c/Fwmp+D4+qF2QWRAbP7E8mcYwbxBTqsEcG/DQdMdUUJhYx0NQTpid38oxBDYnJ9vB0cZkd/Bw==',
        payload: REAL_PAYLOAD_A,
        stateInit: REAL_V4R2_STATE_INIT,
      }),
    ).toMatchObject({
      ok: true,
      walletVersion: 'v4r2',
      publicKey: 'e635249f6b3fbaf9742ae1d09d8f6f01b6082ff9256d719006329405019f3198',
    });
  });

  it('verifies a v3r1 mainnet proof', () => {
    expect(
      realProof({
        address: '0:c83546fdc5fac87d55f04804919c0829bc0e6be24b8e564590dbc44380c30ee9',
        chain: '-239',
        timestamp: 1721827131,
        signature: 'LVQzfrfwz8I5ZCl7WFpGdICvYbHxPplZnMKx0gT/X0jFlDOohPa9/6RtzvcSGWqtHBwE6XlUUadmcZoTMlyUAw==',
        payload: REAL_PAYLOAD_A,
        stateInit:
          'te6cckEBAwEAkQACATQCAQBQAAAAACmpoxfmNSSfaz+6+XQq4dCdj28Btggv+SVtcZAGMpQFAZ8xmADA/wAg3SCCAUyXupcw7UTQ1wsf4KTyYIMI1xgg0x/TH9Mf+CMTu/Jj7UTQ0x/TH9P/0VEyuvKhUUS68qIE+QFUEFX5EPKj+ACTINdKltMH1AL7AOjRAaTIyx/LH8v/ye1UGy3yHQ==',
      }),
    ).toMatchObject({ ok: true, walletVersion: 'v3r1' });
  });

  it('verifies a W5 testnet proof whose code is a library cell', () => {
    expect(
      realProof({
        address: '0:7afd7563d8fd084d35060278320769743905983b8ea43c5b16fb6e3dc0a190dd',
        chain: '-3',
        timestamp: 1721812530,
        signature: '8ab+IBU83nga6aNznUNEHr3OgN1L7I2raVomWNrhEElTFI1a3VvAz4mzvQbaYiaCY+WftHZrJnSiEgnbRYojDA==',
        payload:
          'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1bmlxdWVfbmFtZSI6IjQxNDA1NzUxLTNlZjEtNDZhYi04ZDJiLTRkMjE4NWVhZjI2ZSIsIm5iZiI6MTcyMTgxMjQ4OCwiZXhwIjoxNzIxODEzMzg4LCJpYXQiOjE3MjE4MTI0ODgsImlzcyI6Iklzc3VlckZvclBheWxvYWQiLCJhdWQiOiJBdWRpZW5jZUZvclBheWxvYWQifQ.rzJ1tpq-jDp19pDwWO8ZNp8T9ZkME9CZXIppWc5FYGo',
        stateInit:
          'te6cckEBAwEAWQACATQCAQBdAAAAAH////6AAAAAAABiiaflnMPOFnwP/uGjmp6BjnjCKcCYfuoTRAqQRF+03SAIQgLkzzsvTG1qYeoPK1RH0mZ4WyavNjfbLe7mvNGqgm80EpjwGJs=',
      }),
    ).toMatchObject({
      ok: true,
      walletVersion: 'v5beta',
      publicKey: 'c5134fcb39879c2cf81ffdc347353d031cf184538130fdd42688152088bf69ba',
    });
  });
});

const REAL_PAYLOAD_A =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1bmlxdWVfbmFtZSI6IjExMjM3N2UxLWUwYjktNGIyOC05NjJkLTRiZDAxMTFmZmY3NyIsIm5iZiI6MTcyMTgyNzA4MiwiZXhwIjoxNzIxODI3OTgyLCJpYXQiOjE3MjE4MjcwODIsImlzcyI6Iklzc3VlckZvclBheWxvYWQiLCJhdWQiOiJBdWRpZW5jZUZvclBheWxvYWQifQ.BZ6LvTKvsSPZ4H6nbwcQP3gjVgvkbYm2vPIQjJ4Gyak';
const REAL_V4R2_STATE_INIT =
  'te6cckECFgEAAwQAAgE0AgEAUQAAAAApqaMX5jUkn2s/uvl0KuHQnY9vAbYIL/klbXGQBjKUBQGfMZhAART/APSkE/S88sgLAwIBIAkEBPjygwjXGCDTH9Mf0x8C+CO78mTtRNDTH9Mf0//0BNFRQ7ryoVFRuvKiBfkBVBBk+RDyo/gAJKTIyx9SQMsfUjDL/1IQ9ADJ7VT4DwHTByHAAJ9sUZMg10qW0wfUAvsA6DDgIcAB4wAhwALjAAHAA5Ew4w0DpMjLHxLLH8v/CAcGBQAK9ADJ7VQAbIEBCNcY+gDTPzBSJIEBCPRZ8qeCEGRzdHJwdIAYyMsFywJQBc8WUAP6AhPLassfEss/yXP7AABwgQEI1xj6ANM/yFQgR4EBCPRR8qeCEG5vdGVwdIAYyMsFywJQBs8WUAT6AhTLahLLH8s/yXP7AAIAbtIH+gDU1CL5AAXIygcVy//J0Hd0gBjIywXLAiLPFlAF+gIUy2sSzMzJc/sAyEAUgQEI9FHypwICAUgTCgIBIAwLAFm9JCtvaiaECAoGuQ+gIYRw1AgIR6STfSmRDOaQPp/5g3gSgBt4EBSJhxWfMYQCASAODQARuMl+1E0NcLH4AgFYEg8CASAREAAZrx32omhAEGuQ64WPwAAZrc52omhAIGuQ64X/wAA9sp37UTQgQFA1yH0BDACyMoHy//J0AGBAQj0Cm+hMYALm0AHQ0wMhcbCSXwTgItdJwSCSXwTgAtMfIYIQcGx1Z70ighBkc3RyvbCSXwXgA/pAMCD6RAHIygfL/8nQ7UTQgQFA1yH0BDBcgQEI9ApvoTGzkl8H4AXTP8glghBwbHVnupI4MOMNA4IQZHN0crqSXwbjDRUUAIpQBIEBCPRZMO1E0IEBQNcgyAHPFvQAye1UAXKwjiOCEGRzdHKDHrFwgBhQBcsFUAPPFiP6AhPLassfyz/JgED7AJJfA+IAeAH6APQEMPgnbyIwUAqhIb7y4FCCEHBsdWeDHrFwgBhQBMsFJs8WWPoCGfQAy2kXyx9SYMs/IMmAQPsABru64+A=';
