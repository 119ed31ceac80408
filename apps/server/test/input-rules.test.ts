import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ROW_ID, userCalls, videoCalls } from '@taice/contract';
import { freshIp, register, type Registered } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { createPost } from './support/videos';

// The text rule of the contract (decision 031): no string input may hold NUL,
// another control character or a lone surrogate; comments may break lines.

let t: TestApp;
let user: Registered;
let postId: number;
beforeAll(async () => {
  t = await createTestApp();
  user = await register(t);
  postId = await createPost(t, user.user.id);
});
afterAll(() => t.close());

const REFUSED_ZH = '包含不允许的字符（控制字符或损坏的文本）';

describe('a NUL in any text field', () => {
  it.each([
    ['e-mail', userCalls.emailLogin, { body: { email: 'a\u0000@example.com', password: 'whatever1' } }, 'email'],
    [
      'invite code',
      userCalls.emailRegister,
      { body: { email: 'a@example.com', code: '123456', password: 'whatever1', invite_code: 'AB\u0000' } },
      'invite_code',
    ],
    ['comment', videoCalls.comment, { body: { id: 1, content: 'hi\u0000' } }, 'content'],
    ['nickname', userCalls.infoStore, { body: { nickname: 'ni\u0000ck' } }, 'nickname'],
    ['social link', userCalls.infoStore, { body: { twitter: 'https://x.com/\u0000' } }, 'twitter'],
    ['share code', videoCalls.addShareReceiveLog, { body: { share_code: '\u0000abc' } }, 'share_code'],
    ['search keyword', videoCalls.globalSearchV2, { query: { keyword: 'cat\u0000' } }, 'keyword'],
  ] as const)(
    '(%s) gets a validation error naming the field, in the language asked',
    async (_name, call, input, field) => {
      const res = await t.send(call, input, { token: user.token, lang: 'zh-CN', ip: freshIp() });
      expect(res).toEqual({ code: 422, msg: `${field}：${REFUSED_ZH}`, data: { field } });
    },
  );
});

describe('the text rule', () => {
  it('lets a comment hold line breaks and tabs, as typed', async () => {
    const res = await t.call(videoCalls.comment, { body: { id: postId, content: 'one\ntwo\r\n\tthree' } }, user);
    expect(res.code).toBe(0);
    expect(res.data.content).toBe('one\ntwo\r\n\tthree');
  });

  it('keeps a one-line field on one line', async () => {
    const res = await t.send(userCalls.infoStore, { body: { nickname: 'two\nlines' } }, { token: user.token });
    expect(res).toMatchObject({
      code: 422,
      msg: 'nickname: contains a character that is not allowed (a control character or broken text)',
    });
  });

  it('refuses other control characters and lone surrogates, takes any well-formed text', async () => {
    for (const content of ['esc\u001b[31m', 'del\u007f', 'half \ud83d', 'other half \ude00 first']) {
      const res = await t.send(videoCalls.comment, { body: { id: postId, content } }, { token: user.token });
      expect(res, JSON.stringify(content)).toMatchObject({ code: 422, data: { field: 'content' } });
    }
    const res = await t.call(videoCalls.comment, { body: { id: postId, content: '好 😀 café' } }, user);
    expect(res.data.content).toBe('好 😀 café');
  });

  it('reaches nested fields and the names of fields', async () => {
    const res = await t.send(userCalls.logout, { body: { ['x\u0000']: 1 } }, { lang: 'zh-TW' });
    expect(res).toMatchObject({ code: 422, data: { field: 'x\u0000' } });
  });

  it('holds for headers and path parameters too', async () => {
    const header = await t.respond(
      userCalls.emailLogin,
      { body: { email: 'a@example.com', password: 'whatever1' } },
      {
        headers: { 'user-agent': 'bot\u0000' },
      },
    );
    expect(header.json()).toMatchObject({ code: 422, data: { field: 'user-agent' } });
    const path = await t.inject({ method: 'PUT', url: '/api/common/upload/abc%00def', payload: Buffer.from('x') });
    expect(path.json()).toMatchObject({ code: 422, data: { field: 'token' } });
  });
});

describe('row ids', () => {
  it('past what PostgreSQL can number are refused as too big, not looked up', async () => {
    const res = await t.send(videoCalls.like, { body: { id: MAX_ROW_ID + 1 } }, { token: user.token });
    expect(res).toEqual({ code: 422, msg: `id: must be at most ${MAX_ROW_ID}`, data: { field: 'id' } });
    const detail = await t.send(videoCalls.postDetail, { query: { id: String(MAX_ROW_ID) } });
    expect(detail.code).toBe(13001);
  });
});
