import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ANSWER_ID, videoCalls } from '@taice/contract';

const video = { id: 7, title: 'Street music in Lisbon' };

/** The module afresh (it reads the page once), with the page carrying `answer`. */
async function pageWith(answer: string | null) {
  document.head.innerHTML =
    answer === null ? '' : `<script type="application/json" id="${FIRST_SCREEN_ANSWER_ID}">${answer}</script>`;
  vi.resetModules();
  return (await import('./first-screen-answer')).takeFirstScreenAnswer;
}

const sent = () => JSON.stringify({ path: videoCalls.postDetail.path, query: { id: 7 }, lang: 'en_US', data: video });

describe("the first screen's answer sent with the page", () => {
  beforeEach(() => (document.head.innerHTML = ''));
  afterEach(() => (document.head.innerHTML = ''));

  it('answers the call it was sent for, once: the next ask goes to the server', async () => {
    const take = await pageWith(sent());
    expect(take(videoCalls.postDetail, { id: 7 }, 'en_US')).toEqual(video);
    expect(take(videoCalls.postDetail, { id: 7 }, 'en_US')).toBeUndefined();
  });

  it('answers nothing for another video, another language or another call, and keeps it for its own', async () => {
    const take = await pageWith(sent());
    expect(take(videoCalls.postDetail, { id: 8 }, 'en_US')).toBeUndefined();
    expect(take(videoCalls.postDetail, { id: 7 }, 'zh-CN')).toBeUndefined();
    expect(take(videoCalls.recommendList, { id: 7 }, 'en_US')).toBeUndefined();
    expect(take(videoCalls.postDetail, { id: 7 }, 'en_US')).toEqual(video);
  });

  it('answers nothing when the page has no answer or a broken one', async () => {
    expect((await pageWith(null))(videoCalls.postDetail, { id: 7 }, 'en_US')).toBeUndefined();
    expect((await pageWith('{"path": '))(videoCalls.postDetail, { id: 7 }, 'en_US')).toBeUndefined();
  });
});
