// Creator studio benchmark (issue 18, decision 049): upload throughput through the resumable (tus) endpoint
// against a plain file copy on the same machine, and the processing time of a 60 s 1080p clip (upload check,
// then HLS renditions, poster, preview and MP4 at the server's preset). `npm run build`, then
// `npm run bench:uploads -w @taice/bench`. Exits non-zero when a target is missed.
// BENCH_UPLOAD_MB (default 200) sets the upload's size; BENCH_CLIP_SECONDS (default 60) the clip's length;
// BENCH_PARTS=upload or =processing runs one half only.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { studioCalls, TUS_ENDPOINT } from '@taice/contract';
import { assertOwnServer, seedMembers } from './members';
import { signedBody, signedPath } from './load';
import { startServer } from './server-process';

const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB) || 200;
const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS) || 60;
const TARGET = { shareOfCopy: 0.3, realtimeFactor: 6 };
const ROUNDS = 5;
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const PARTS = (process.env.BENCH_PARTS ?? 'upload,processing').split(',');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'taice-bench-uploads-'));
const source = path.join(work, 'source.bin');
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const mbps = (bytes: number, ms: number) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(0);

/** Incompressible bytes, so nothing on the way can make them smaller. */
async function writeRandomFile(file: string, megabytes: number) {
  const out = fs.createWriteStream(file);
  for (let i = 0; i < megabytes; i++) {
    if (!out.write(randomBytes(1024 * 1024))) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

/** A plain copy of the file as a program would make it: read it and write it, no kernel shortcut. */
async function plainCopy(from: string, to: string): Promise<number> {
  const started = performance.now();
  await pipeline(fs.createReadStream(from, { highWaterMark: 1024 * 1024 }), fs.createWriteStream(to));
  return performance.now() - started;
}

interface Client {
  url: string;
  token: string;
}

/** A PATCH through node:http, one write of the chunk: the client costs as little as a browser's network stack. */
function patch(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; offset: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'PATCH', headers: { ...headers, 'content-length': body.length } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, offset: String(res.headers['upload-offset'] ?? ''), body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function tusUpload(client: Client, file: string, chunkBytes: number): Promise<{ id: string; ms: number }> {
  const size = (await fsp.stat(file)).size;
  const auth = { authorization: `Bearer ${client.token}`, 'tus-resumable': '1.0.0' };
  const handle = await fsp.open(file, 'r');
  const started = performance.now();
  try {
    const created = await fetch(`${client.url}${TUS_ENDPOINT}`, {
      method: 'POST',
      headers: { ...auth, 'upload-length': String(size) },
    });
    if (created.status !== 201) throw new Error(`tus creation answered ${created.status}: ${await created.text()}`);
    const location = created.headers.get('location')!;
    const buffer = Buffer.alloc(chunkBytes);
    for (let offset = 0; offset < size;) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(chunkBytes, size - offset), offset);
      const res = await patch(
        `${client.url}${location}`,
        {
          ...auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        buffer.subarray(0, bytesRead),
      );
      if (res.status !== 204) throw new Error(`tus PATCH answered ${res.status}: ${res.body}`);
      offset = Number(res.offset);
    }
    return { id: location.split('/').pop()!, ms: performance.now() - started };
  } finally {
    await handle.close();
  }
}

async function get<T>(client: Client, call: { path: string }, query: Record<string, string>): Promise<T> {
  const res = await fetch(`${client.url}${signedPath(call.path, query)()}`, {
    headers: { authorization: `Bearer ${client.token}` },
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${call.path}: ${body.code} ${body.msg}`);
  return body.data;
}

async function post<T>(client: Client, call: { path: string }, input: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${client.url}${call.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
    body: signedBody(input),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${call.path}: ${body.code} ${body.msg}`);
  return body.data;
}

const server = await startServer({ SEED_DEMO: 'false', JOBS_CONCURRENCY: '2' });
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
let ok = true;
try {
  const { members } = await seedMembers(db, { count: 1, tag: 'bench_upload', nickname: 'Uploader', codePrefix: 'BUP' });
  await assertOwnServer(server.url, members);
  const client = { url: server.url, token: members.token(0) };
  const config = await get<{ chunk_bytes: number; max_bytes: number }>(client, studioCalls.uploadConfig, {});

  // 1. Throughput: the same bytes copied, then uploaded, in turns (the median of each: the machine is shared).
  if (PARTS.includes('upload')) await measureUpload(client, config.chunk_bytes);
  if (PARTS.includes('processing')) await measureProcessing(client, config.chunk_bytes);
} finally {
  await db.end();
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);

async function measureUpload(client: Client, chunkBytes: number) {
  await writeRandomFile(source, UPLOAD_MB);
  const bytes = UPLOAD_MB * 1024 * 1024;
  const copies: number[] = [];
  const uploads: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    copies.push(await plainCopy(source, path.join(work, `copy-${round}.bin`)));
    await fsp.rm(path.join(work, `copy-${round}.bin`));
    uploads.push((await tusUpload(client, source, chunkBytes)).ms);
  }
  const copyMs = median(copies);
  const uploadMs = median(uploads);
  const share = copyMs / uploadMs;
  const uploadMet = share >= TARGET.shareOfCopy;
  console.log(`upload of ${UPLOAD_MB} MB (chunks of ${chunkBytes / 1024 / 1024} MiB, median of ${ROUNDS}):`);
  console.log(`  plain copy  ${seconds(copyMs)} s  ${mbps(bytes, copyMs)} MB/s`);
  console.log(`  tus upload  ${seconds(uploadMs)} s  ${mbps(bytes, uploadMs)} MB/s`);
  console.log(
    `  tus is ${(share * 100).toFixed(0)} % of a plain copy (target >= ${TARGET.shareOfCopy * 100} %): ${uploadMet ? 'met' : 'NOT MET'}`,
  );
  ok &&= uploadMet;
  await fsp.rm(source);
}

/** Processing of a 60 s 1080p clip with sound, from the last byte in to the post published. */
async function measureProcessing(client: Client, chunkBytes: number) {
  const clip = path.join(work, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=duration=${CLIP_SECONDS}:size=1920x1080:rate=30`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${CLIP_SECONDS}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '18',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    clip,
  ]);
  const { id } = await tusUpload(client, clip, chunkBytes);
  const uploaded = performance.now();
  let detail: { status: string; message: string };
  for (;;) {
    detail = await get(client, studioCalls.uploadDetail, { upload_id: id });
    if (detail.status === 'ready' || detail.status === 'refused') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (detail.status !== 'ready') throw new Error(`the clip was refused: ${detail.message}`);
  const checkedMs = performance.now() - uploaded;
  const { rows: categories } = await db.query<{ id: number }>('select id from categories order by sort limit 1');
  const stored = await post<{ id: number }>(client, studioCalls.storePost, {
    upload_id: id,
    title: 'Bench clip',
    category_id: categories[0]!.id,
    ai_generated: 0,
  });
  const posted = performance.now();
  let status = 4;
  while (status === 4) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const { rows } = await db.query<{ status: number }>('select status from posts where id = $1', [stored.id]);
    status = rows[0]!.status;
  }
  if (status !== 1) throw new Error(`processing ended with status ${status}`);
  const processMs = performance.now() - posted;
  const { rows } = await db.query<{ hls_key: string }>('select hls_key from posts where id = $1', [stored.id]);
  const master = await (await fetch(`${server.url}/media/${rows[0]!.hls_key}`)).text();
  const renditions = master.split('\n').filter((l) => l.endsWith('.m3u8'));
  const factor = (checkedMs + processMs) / 1000 / CLIP_SECONDS;
  const processMet = factor <= TARGET.realtimeFactor;
  console.log(`processing of a ${CLIP_SECONDS} s 1080p clip (${renditions.join(', ')}):`);
  console.log(`  check (probe, 4 frames)  ${seconds(checkedMs)} s`);
  console.log(`  transcode and publish    ${seconds(processMs)} s`);
  console.log(
    `  ${factor.toFixed(2)}x realtime (target <= ${TARGET.realtimeFactor}x): ${processMet ? 'met' : 'NOT MET'}`,
  );
  ok &&= processMet;
}
