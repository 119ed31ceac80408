import { describe, expect, it } from 'vitest';
import { telegramLoginUserSchema, tonWalletInfoSchema } from '../src/calls/identity-proofs';

const walletInfo = () => ({
  account: {
    address: '0:0522952c6d0846ad7f93dfb7987e5f77f02ee53290a26f9be85a50c689085932',
    chain: '-239',
    walletStateInit: 'te6cckEBAwEAkQACATQCAQBQAAAAACmpoxfmNSSfaz+6+XQq4dCdj28Btggv+SVtcZAGMpQFAZ8xmA==',
    publicKey: 'e635249f6b3fbaf9742ae1d09d8f6f01b6082ff9256d719006329405019f3198',
  },
  connectItems: {
    tonProof: {
      name: 'ton_proof',
      proof: {
        timestamp: 1721827476,
        domain: { lengthBytes: 13, value: 'taice.example' },
        signature: 'z05SXc3qseQ/c/Fwmp+D4+qF2QWRAbP7E8mcYwbxBTqsEcG/DQdMdUUJhYx0NQTpid38oxBDYnJ9vB0cZkd/Bw==',
        payload: 'c1a0d1b2e3f4a5b6',
      },
    },
  },
  device: { platform: 'iphone', appName: 'Tonkeeper', appVersion: '5.0', maxProtocolVersion: 2, features: [] },
  provider: 'http',
});

describe('tonWalletInfoSchema', () => {
  it('accepts the TON Connect UI wallet object and keeps unknown keys', () => {
    const parsed = tonWalletInfoSchema.parse({ ...walletInfo(), extra: 1 });
    expect(parsed.connectItems.tonProof.proof.timestamp).toBe(1721827476);
    expect(parsed).toHaveProperty('extra', 1);
    expect(parsed.device).toHaveProperty('features');
  });

  it('accepts a timestamp sent as a decimal string and a wallet without publicKey', () => {
    const info = walletInfo();
    const wire = {
      ...info,
      account: { ...info.account, publicKey: undefined },
      connectItems: {
        tonProof: {
          ...info.connectItems.tonProof,
          proof: { ...info.connectItems.tonProof.proof, timestamp: '1721827476' },
        },
      },
    };
    expect(tonWalletInfoSchema.parse(wire).connectItems.tonProof.proof.timestamp).toBe(1721827476);
  });

  it.each([
    [
      'an oversized stateInit',
      (w: ReturnType<typeof walletInfo>) => void (w.account.walletStateInit = 'A'.repeat(4097)),
    ],
    ['a non-base64 stateInit', (w: ReturnType<typeof walletInfo>) => void (w.account.walletStateInit = 'not base64!')],
    [
      'a long payload',
      (w: ReturnType<typeof walletInfo>) => void (w.connectItems.tonProof.proof.payload = 'p'.repeat(129)),
    ],
    [
      'a long domain',
      (w: ReturnType<typeof walletInfo>) => void (w.connectItems.tonProof.proof.domain.value = 'd'.repeat(254)),
    ],
    ['a non-hex public key', (w: ReturnType<typeof walletInfo>) => void (w.account.publicKey = 'zz')],
    ['a negative timestamp', (w: ReturnType<typeof walletInfo>) => void (w.connectItems.tonProof.proof.timestamp = -1)],
    [
      'a long signature',
      (w: ReturnType<typeof walletInfo>) => void (w.connectItems.tonProof.proof.signature = 'A'.repeat(129)),
    ],
  ])('refuses %s', (_name, spoil) => {
    const info = walletInfo();
    spoil(info);
    expect(tonWalletInfoSchema.safeParse(info).success).toBe(false);
  });

  it('refuses a ton_proof error reply', () => {
    const info = { ...walletInfo(), connectItems: { tonProof: { name: 'ton_proof', error: { code: 400 } } } };
    expect(tonWalletInfoSchema.safeParse(info).success).toBe(false);
  });
});

describe('telegramLoginUserSchema', () => {
  const widget = {
    id: 279058397,
    first_name: 'Ada',
    username: 'ada',
    auth_date: 1733509682,
    hash: 'a433d8f9847bd6addcc563bff7cc82c89e97ea0d90c11fe5729cae6796a36d73',
  };

  it('accepts Mini App initData as a string', () => {
    expect(telegramLoginUserSchema.parse('query_id=1&user=%7B%7D&auth_date=1&hash=ab')).toBe(
      'query_id=1&user=%7B%7D&auth_date=1&hash=ab',
    );
  });

  it('refuses empty or oversized initData', () => {
    expect(telegramLoginUserSchema.safeParse('').success).toBe(false);
    expect(telegramLoginUserSchema.safeParse('a'.repeat(4097)).success).toBe(false);
  });

  it('accepts the Login Widget object, coercing numbers sent as strings and keeping unknown fields', () => {
    const parsed = telegramLoginUserSchema.parse({ ...widget, id: '279058397', auth_date: '1733509682', future: 'x' });
    expect(parsed).toMatchObject({ id: 279058397, auth_date: 1733509682, future: 'x' });
  });

  it.each([
    ['a non-hex hash', { ...widget, hash: 'nope' }],
    ['a missing hash', { ...widget, hash: undefined }],
    ['a non-numeric id', { ...widget, id: '12abc' }],
    ['a zero id', { ...widget, id: 0 }],
    ['a missing auth_date', { ...widget, auth_date: undefined }],
  ])('refuses widget data with %s', (_name, data) => {
    expect(telegramLoginUserSchema.safeParse(data).success).toBe(false);
  });
});
