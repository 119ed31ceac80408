import { describe, expect, it } from 'vitest';
import {
  decodeStartParam,
  encodeStartParam,
  miniAppLink,
  START_PARAM_MAX_LENGTH,
  startParamInviteCode,
} from '../src/telegram';

describe('Mini App launch payloads', () => {
  it('round-trips an invitation and a video, in either order', () => {
    expect(encodeStartParam({ postId: 123, inviteCode: 'ab12cd' })).toBe('v123_rAB12CD');
    expect(decodeStartParam('v123_rAB12CD')).toEqual({ postId: 123, inviteCode: 'AB12CD' });
    expect(decodeStartParam('rAB12CD_v7')).toEqual({ postId: 7, inviteCode: 'AB12CD' });
    expect(decodeStartParam('rAB12CD')).toEqual({ inviteCode: 'AB12CD' });
    expect(encodeStartParam({ campaignId: 9, inviteCode: 'ab12cd' })).toBe('c9_rAB12CD');
    expect(decodeStartParam('c9_rAB12CD')).toEqual({ campaignId: 9, inviteCode: 'AB12CD' });
  });

  it('ignores what it does not know and what Telegram would not pass', () => {
    expect(decodeStartParam('x1_v0_v-3_rAB')).toEqual({});
    expect(decodeStartParam('v12 3')).toEqual({});
    expect(decodeStartParam(`v1_r${'A'.repeat(START_PARAM_MAX_LENGTH)}`)).toEqual({});
    expect(decodeStartParam(null)).toEqual({});
    expect(encodeStartParam({ postId: 1.5, inviteCode: 'bad code' })).toBe('');
  });

  it('reads the invitation of a payload, or of a bare code from before the payload encoding', () => {
    expect(startParamInviteCode('v123_rAB12CD')).toBe('AB12CD');
    expect(startParamInviteCode('v123')).toBeUndefined();
    expect(startParamInviteCode('c7')).toBeUndefined();
    expect(startParamInviteCode('AB12CD')).toBe('AB12CD');
    expect(startParamInviteCode('ab12cd')).toBe('AB12CD');
    expect(startParamInviteCode('video_123')).toBeUndefined();
    expect(startParamInviteCode(undefined)).toBeUndefined();
  });

  it('links the Mini App with its payload', () => {
    expect(miniAppLink('taice_bot', 'app', { inviteCode: 'AB12CD' })).toBe(
      'https://t.me/taice_bot/app?startapp=rAB12CD',
    );
    expect(miniAppLink('taice_bot', 'app')).toBe('https://t.me/taice_bot/app');
  });
});
