// Logged-in members for the benchmarks: sessions with tokens made afresh for each run, so that a
// bench can tell that the server answering is the one it started (on the database it seeded).
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { userCalls } from '@taice/contract';
import { signedPath } from './load';

export interface Members {
  /** A member's bearer token. */
  token(i: number): string;
  userId(i: number): number;
  count: number;
}

/** Gives each of `userIds` a session of its own, with a token no earlier run used. */
export async function logInMembers(db: pg.Client, userIds: number[]): Promise<Members> {
  const run = randomBytes(8).toString('hex');
  const token = (i: number) => `bench-${run}-${i}`;
  const hashes = userIds.map((_, i) => createHash('sha256').update(token(i)).digest('hex'));
  await db.query(
    `insert into sessions (user_id, token_hash, login_type, expires_at)
     select u, h, 2, now() + interval '1 day' from unnest($1::int[], $2::text[]) as t(u, h)`,
    [userIds, hashes],
  );
  return { token, userId: (i) => userIds[i]!, count: userIds.length };
}

/**
 * Fails unless the server at `url` knows a session made in this run for the expected user: any other
 * process (an older server on the port, another database) cannot.
 */
export async function assertOwnServer(url: string, members: Members): Promise<void> {
  const i = members.count - 1;
  const answer = (await fetch(`${url}${signedPath(userCalls.userInfo.path)()}`, {
    headers: { authorization: `Bearer ${members.token(i)}` },
  }).then((r) => r.json())) as { code: number; data?: { id?: number } };
  if (answer.code !== 0 || answer.data?.id !== members.userId(i)) {
    throw new Error(`the server answering is not the one this bench started: ${JSON.stringify(answer).slice(0, 200)}`);
  }
}

/** `count` new accounts named `{prefix}{n}`, each logged in; inserted in the caller's transaction. */
export async function createMembers(db: pg.Client, prefix: string, nickname: string, count: number): Promise<Members> {
  const { rows } = await db.query<{ first: number }>(
    `with inserted as (
       insert into users (name, nickname, invite_code)
       select $1 || g, $2 || ' ' || g, upper($1) || g from generate_series(1, $3) g returning id)
     select min(id)::int as first from inserted`,
    [prefix, nickname, count],
  );
  const first = rows[0]!.first;
  return logInMembers(
    db,
    Array.from({ length: count }, (_, i) => first + i),
  );
}
