import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrizeTier } from '@taice/contract';
import { eligibilityChecks } from '../src/modules/races/eligibility';
import { racePrizeTiers } from '../src/modules/races/races.schema';
import type { RaceRow } from '../src/modules/races/race-store';
import { standingsIn } from '../src/modules/races/standings';
import { posts } from '../src/modules/videos/videos.schema';
import { createTestApp, type TestApp } from './support/test-app';
import { register } from './support/accounts';
import { createPost } from './support/videos';

/** Spec section 9: ranks 1-3 need 15 AI videos uploaded, ranks 4-103 15 videos of any kind. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tier = (more: Partial<PrizeTier>): PrizeTier => ({
  rank_from: 1,
  rank_to: 1,
  amount: 100,
  currency: 'TAICE',
  min_invites: 0,
  min_watched: 0,
  min_uploads: 2,
  needs_wallet: false,
  ...more,
});

describe('the leaderboard’s AI upload rule', () => {
  it('counts the videos their creator marked AI-generated, for the tiers that ask for AI videos', async () => {
    const { user } = await register(t);
    const now = t.clock.now();
    const race = {
      id: 999_999,
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() + 86_400_000),
    } as RaceRow;
    const ids = [await createPost(t, user.id), await createPost(t, user.id), await createPost(t, user.id)];
    await t.database.db.update(posts).set({ aiGenerated: true }).where(eq(posts.id, ids[0]!));
    // Processing (status 4) is not uploaded yet, even when marked AI.
    const processing = await createPost(t, user.id, { status: 4 });
    await t.database.db.update(posts).set({ aiGenerated: true }).where(eq(posts.id, processing));

    const standing = (await standingsIn(t.database.db, race, [user.id])).get(user.id)!;
    expect([standing.uploads, standing.aiUploads]).toEqual([3, 1]);
    const who = { ...standing, hasWallet: false };
    expect(eligibilityChecks(tier({ ai_uploads: true }), who)[2]).toEqual({
      rule: 'uploads',
      required: 2,
      actual: 1,
      passed: false,
    });
    expect(eligibilityChecks(tier({}), who)[2]).toMatchObject({ actual: 3, passed: true });

    await t.database.db.update(posts).set({ aiGenerated: true }).where(eq(posts.id, ids[1]!));
    const again = (await standingsIn(t.database.db, race, [user.id])).get(user.id)!;
    expect(eligibilityChecks(tier({ ai_uploads: true }), { ...again, hasWallet: false })[2]).toMatchObject({
      actual: 2,
      passed: true,
    });
  });

  it('marks the seeded podium tiers as counting AI videos', async () => {
    const tiers = await t.database.db.select().from(racePrizeTiers).orderBy(racePrizeTiers.rankFrom);
    expect(tiers.map((r) => [r.rankFrom, r.rankTo, r.minUploads, r.aiUploads])).toEqual([
      [1, 1, 15, true],
      [2, 2, 15, true],
      [3, 3, 15, true],
      [4, 103, 15, false],
    ]);
  });
});
