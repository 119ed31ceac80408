import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { userCalls } from '@taice/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { register } from './support/accounts';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ff8800' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

async function grant(token: string) {
  const res = await t.call(userCalls.uploadToken, { query: { type: 'avatar' } }, { token });
  expect(res.code).toBe(0);
  return res.data;
}

const put = (url: string, body: Buffer | string, contentType = 'image/png') =>
  t.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } });

describe('avatar upload', () => {
  it('stores an image as a 256 px WebP and the profile can use it', async () => {
    const { token } = await register(t);
    const { upload_url, method, max_bytes } = await grant(token);
    expect(method).toBe('PUT');
    expect(max_bytes).toBe(5 * 1024 * 1024);
    const uploaded = (await put(upload_url, png)).json<{ code: number; data: { url: string } }>();
    expect(uploaded.code).toBe(0);
    expect(uploaded.data.url).toMatch(/^\/media\/avatars\/\d+\/[0-9a-f]{24}\.webp$/);

    const file = await t.inject({ method: 'GET', url: uploaded.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'webp']);

    const saved = await t.call(userCalls.infoStore, { body: { avatar: uploaded.data.url } }, { token });
    expect(saved.data.avatar).toBe(uploaded.data.url);
  });

  it('judges the content, not the declared type', async () => {
    const { token } = await register(t);
    const { upload_url } = await grant(token);
    const fake = (await put(upload_url, '<svg onload="alert(1)"></svg>', 'image/png')).json();
    expect(fake).toMatchObject({ code: 12001, msg: 'Please choose a JPG, PNG, WebP or GIF image' });
    const empty = (await put(upload_url, Buffer.alloc(0))).json();
    expect(empty).toMatchObject({ code: 12001 });
    const disguised = (await put(upload_url, png, 'application/octet-stream')).json();
    expect(disguised).toMatchObject({ code: 0 });
  });

  it('refuses a file over 5 MB', async () => {
    const { token } = await register(t);
    const { upload_url } = await grant(token);
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const res = (await put(upload_url, big)).json<{ code: number }>();
    expect([12002, 413]).toContain(res.code);
  });

  it('refuses an expired, tampered or foreign grant', async () => {
    const a = await register(t);
    const b = await register(t);
    const { upload_url } = await grant(a.token);
    const [, , , , token] = upload_url.split('/');
    const [payload, signature] = token!.split('.');
    const forged = Buffer.from(
      JSON.stringify({ userId: b.user.id, kind: 'avatar', expiresAt: Date.now() + 1e9 }),
    ).toString('base64url');
    expect((await put(`/api/common/upload/${forged}.${signature}`, png)).json()).toMatchObject({ code: 12003 });
    expect((await put(`/api/common/upload/${payload}.x${signature}`, png)).json()).toMatchObject({ code: 12003 });
    t.clock.advance(11 * 60_000);
    try {
      expect((await put(upload_url, png)).json()).toMatchObject({
        code: 12003,
        msg: 'The upload has expired, please try again',
      });
    } finally {
      t.clock.set(new Date());
    }
  });

  it("does not let a profile point at another user's avatar", async () => {
    const a = await register(t);
    const b = await register(t);
    const { upload_url } = await grant(a.token);
    const { data } = (await put(upload_url, png)).json<{ data: { url: string } }>();
    const res = await t.call(userCalls.infoStore, { body: { avatar: data.url } }, { token: b.token });
    expect(res.code).toBe(11028);
  });
});
