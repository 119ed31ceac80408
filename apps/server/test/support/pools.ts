import { createHash, randomBytes } from 'node:crypto';
import { LOGIN_TYPES, poolCalls, type CallBody } from '@taice/contract';
import { sessions, users } from '../../src/modules/accounts/accounts.schema';
import { createLedger } from '../../src/modules/points/ledger';
import { createPools } from '../../src/modules/pools/pools.module';
import { verifyPools } from '../../src/modules/pools/verify';
import { watchSessions } from '../../src/modules/videos/videos.schema';
import type { Registered } from './accounts';
import type { TestApp } from './test-app';

export const newKey = () => randomBytes(12).toString('hex');

type FundBody = CallBody<typeof poolCalls.addReward>;

/** Funds a pool through the API (a watch reward of 1 TAICE × 10 viewers, 20 s, unless told otherwise). */
export function addReward(
  t: TestApp,
  creator: Registered,
  postId: number,
  body: Partial<FundBody> = {},
  lang?: string,
) {
  return t.call(
    poolCalls.addReward,
    {
      body: { post_id: postId, type: 1, total: 10, amount: 1, watch_seconds: 20, idempotency_key: newKey(), ...body },
    },
    { token: creator.token, lang },
  );
}

export function claim(t: TestApp, viewer: Registered, postId: number) {
  return t.call(poolCalls.claimPostReward, { body: { post_id: postId } }, { token: viewer.token });
}

/** The ledger and the pools' escrow, checked together (what `npm run ops -- ledger verify` prints). */
export async function verifyAll(t: TestApp): Promise<string[]> {
  const ledger = await createLedger(t.database.db).verify();
  const pools = await verifyPools(t.database.db);
  return [...ledger.mismatches, ...pools.mismatches];
}

/** The pools' services on the test's database and clock (the end job's work, without the queue). */
export function poolsOf(t: TestApp) {
  return createPools({ db: t.database.db, clock: t.clock, ledger: createLedger(t.database.db) });
}

/**
 * `n` members with a session each, written straight to the database (registering 200 through the API
 * costs 200 password hashes); for concurrency tests only.
 */
export async function quickMembers(t: TestApp, n: number): Promise<Registered[]> {
  const tag = randomBytes(4).toString('hex');
  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `pool-${tag}-${i}@example.com`,
        name: `viewer ${i}`,
        nickname: `viewer ${i}`,
        inviteCode: `P${tag}${i}`.slice(0, 16),
      })),
    )
    .returning();
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await t.database.db.insert(sessions).values(
    rows.map((u, i) => ({
      userId: u.id,
      tokenHash: createHash('sha256').update(tokens[i]!).digest('hex'),
      loginType: LOGIN_TYPES.email,
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
    })),
  );
  return rows.map((u, i) => ({
    email: u.email!,
    password: '',
    token: tokens[i]!,
    user: { id: u.id } as Registered['user'],
  }));
}

/** A finished watch of `seconds` on the video, as heartbeats would have left it (for many viewers at once). */
export async function watchedDirectly(t: TestApp, viewers: Registered[], postId: number, seconds: number) {
  const at = t.clock.now();
  await t.database.db.insert(watchSessions).values(
    viewers.map((v) => ({
      postId,
      userId: v.user.id,
      viewerKey: `user:${v.user.id}`,
      startedAt: at,
      lastBeatAt: at,
      credited: seconds,
      endedAt: at,
    })),
  );
}
