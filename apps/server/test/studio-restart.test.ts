import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_STATUS, studioCalls } from '@taice/contract';
import type { JobRunner } from '../src/platform/jobs/jobs';
import { createTestApp, type TestApp } from './support/test-app';
import { register } from './support/accounts';
import { categoryId } from './support/videos';
import { serverEnv, startServer, type ServerProcess } from './support/server-process';
import { clip, processed, runStudioJobs, settled, studioOf, uploadFile } from './support/studio';

/**
 * A server process killed (SIGKILL) in the middle of a transcode leaves the job locked by a worker that is gone;
 * graphile-worker would free it only after 4 hours. The studio's minute check (`requeueStuck`) finds the post still
 * processing with its lock free and queues it again; the next worker finishes it.
 */
let t: TestApp;
let dataDir: string;
let server: ServerProcess | undefined;
const runners: JobRunner[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taice-studio-restart-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  runners.push(await runStudioJobs(t, ['studio.check_upload']));
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  for (const runner of runners) await runner.stop();
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function logged(process: ServerProcess, msg: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (!process.logs.some((line) => line.msg === msg)) {
    if (process.child.exitCode !== null) throw new Error(`the server exited:\n${process.output()}`);
    if (Date.now() > until) throw new Error(`no "${msg}" in time:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a server killed during a transcode', () => {
  it('has the job finished after a restart, once', async () => {
    const { token } = await register(t);
    const uploadId = await uploadFile(t, token, clip({ seconds: 12, width: 1280, height: 720 }), 1024 * 1024);
    expect((await settled(t, token, uploadId)).status).toBe('ready');
    const category = await categoryId(t);
    const { data } = await t.call(
      studioCalls.storePost,
      { body: { upload_id: uploadId, title: 'Interrupted', category_id: category, ai_generated: 1 } },
      { token },
    );

    // A server process on the same database and files takes the job, and dies in the middle of it.
    const env = serverEnv(dataDir, await getPort(), {
      JOBS_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
      VIDEO_PRESET: 'ultrafast',
    });
    env.DATABASE_URL = t.databaseUrl;
    server = startServer(env, { name: 'doomed' });
    await logged(server, 'video processing started');
    const studio = studioOf(t);
    // While its worker lives, the lock is held: nothing to requeue.
    expect(await studio.processing.requeueStuck(0)).toEqual([]);
    server.child.kill('SIGKILL');
    await server.exited;

    const { rows } = await t.database.pool.query<{ locked_by: string | null }>(
      `select locked_by from graphile_worker.jobs where key = $1`,
      [`studio.process_video:${data.id}`],
    );
    expect(rows[0]?.locked_by).toBeTruthy();
    // Younger than the minute's threshold: left alone.
    expect(await studio.processing.requeueStuck()).toEqual([]);
    // PostgreSQL frees the dead session's lock when it notices the connection gone, a moment after the kill.
    let requeued: number[] = [];
    for (const until = Date.now() + 20_000; requeued.length === 0 && Date.now() < until;) {
      requeued = await studio.processing.requeueStuck(0);
      if (requeued.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(requeued).toEqual([data.id]);
    // Asked again at once: its new job waits, nothing more is queued.
    expect(await studio.processing.requeueStuck(0)).toEqual([]);

    runners.push(await runStudioJobs(t, ['studio.process_video']));
    const post = await processed(t, data.id, 120_000);
    expect(post.status).toBe(POST_STATUS.published);
    expect(post.aiGenerated).toBe(true);
    const { rows: runs } = await t.database.pool.query<{ process_runs: number }>(
      `select process_runs from studio_uploads where post_id = $1`,
      [data.id],
    );
    expect(runs[0]!.process_runs).toBe(2);
  });
});
