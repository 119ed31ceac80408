import { beforeEach, describe, expect, it } from 'vitest';
import { encodeStartParam } from '@taice/contract';
import { storedInvitationCode } from '../session/invitation';
import { handleStartParam } from './start-param';

describe('the Mini App start_param', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the invite code as the invitation code and opens the video', () => {
    const path = handleStartParam(encodeStartParam({ postId: 123, inviteCode: 'ab12cd' }));
    expect(storedInvitationCode()).toBe('AB12CD');
    expect(path).toBe('/videoDetail?id=123');
  });

  it('opens a campaign', () => {
    expect(handleStartParam(encodeStartParam({ campaignId: 4, inviteCode: 'ab12cd' }))).toBe('/activityinfo?id=4');
    expect(storedInvitationCode()).toBe('AB12CD');
  });

  it('an invite code alone opens nothing', () => {
    expect(handleStartParam('rZZ99XY')).toBeNull();
    expect(storedInvitationCode()).toBe('ZZ99XY');
  });

  it('a video alone keeps the stored code', () => {
    localStorage.setItem('invite_code', 'OLD123');
    expect(handleStartParam('v7')).toBe('/videoDetail?id=7');
    expect(storedInvitationCode()).toBe('OLD123');
  });

  it('ignores a missing or malformed start_param', () => {
    expect(handleStartParam(undefined)).toBeNull();
    expect(handleStartParam('v0_r!!')).toBeNull();
    expect(handleStartParam('x'.repeat(65))).toBeNull();
    expect(storedInvitationCode()).toBe('');
  });
});
