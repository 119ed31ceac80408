import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Message, UserInfo } from '@taice/contract';
import { ME_QUERY_KEY } from '../../shared/session/api/use-me';
import { useSession } from '../../shared/session/session';
import {
  MESSAGES_QUERY_ROOT,
  knownUnread,
  setUnread,
  updateMessageLists,
  withAllRead,
  withMessageRead,
  type MessageListData,
} from './api/message-cache';
import { deliveredCode, messageLink, messageTime } from './message-text';

const message = (id: number, is_read: 0 | 1, extra: Partial<Message> = {}): Message => ({
  id,
  template: 'operator_notice',
  title: `Notice ${id}`,
  content: 'Hello',
  link: null,
  is_read,
  created_at: '2026-03-01T10:00:00.000Z',
  ...extra,
});

const listOf = (...pages: Message[][]): MessageListData => ({
  pageParams: pages.map((_, i) => i + 1),
  pages: pages.map((list, i) => ({
    list,
    total: 3,
    page: i + 1,
    size: 20,
    has_more: i < pages.length - 1,
    unread_num: 2,
  })),
});

describe('message links', () => {
  it('lead an order to its order, the wallet to the points details and a referral to the invitations', () => {
    expect(messageLink({ link: { kind: 'order', id: 42 } })).toEqual({ to: '/V2/myorder?id=42', label: 'viewOrder' });
    expect(messageLink({ link: { kind: 'order', id: null } })).toEqual({ to: '/V2/myorder', label: 'viewOrder' });
    expect(messageLink({ link: { kind: 'wallet', id: null } })).toEqual({ to: '/V2/points', label: 'viewPoints' });
    expect(messageLink({ link: { kind: 'referral', id: 7 } })).toEqual({
      to: '/V2/invitation',
      label: 'viewInvitation',
    });
    expect(messageLink({ link: null })).toBeNull();
  });
});

describe('the code of a delivered virtual product', () => {
  it('is the last word after the colon, in English and Chinese', () => {
    const en = 'Your code for Netflix: 1 month (order R20260301): ABCD-1234:X9';
    expect(deliveredCode({ template: 'virtual_code_delivered', content: en })).toBe('ABCD-1234:X9');
    const cn = '视频会员月卡的兑换码（订单 R20260301）：ZXCV-0001';
    expect(deliveredCode({ template: 'virtual_code_delivered', content: cn })).toBe('ZXCV-0001');
  });
  it('is absent from other messages', () => {
    expect(deliveredCode({ template: 'order_placed', content: 'Paid: 10.00' })).toBeNull();
  });
});

describe('message times', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('are relative within a week', () => {
    expect(messageTime('2026-03-10T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(messageTime('2026-03-08T12:00:00Z', 'cn', now)).toBe('前天');
  });
  it('are a date after a week', () => {
    expect(messageTime('2026-02-01T12:00:00Z', 'en', now)).toBe('Feb 1, 2026');
  });
});

describe('the cached lists', () => {
  it('mark one message read, leaving the rest as they were', () => {
    const before = listOf([message(3, 0), message(2, 0)], [message(1, 1)]);
    const after = withMessageRead(before, 2);
    expect(after.pages[0]!.list.map((m) => m.is_read)).toEqual([0, 1]);
    expect(after.pages[1]).toBe(before.pages[1]);
    expect(before.pages[0]!.list[1]!.is_read).toBe(0);
  });
  it('mark all read', () => {
    const after = withAllRead(listOf([message(3, 0)], [message(2, 1), message(1, 0)]));
    expect(after.pages.flatMap((p) => p.list.map((m) => m.is_read))).toEqual([1, 1, 1]);
  });
  it('change every cached list and can be put back', () => {
    const client = new QueryClient();
    const all = listOf([message(2, 0), message(1, 1)]);
    const unread = listOf([message(2, 0)]);
    client.setQueryData([...MESSAGES_QUERY_ROOT, 'en', 'all'], all);
    client.setQueryData([...MESSAGES_QUERY_ROOT, 'en', 'unread'], unread);
    const undo = updateMessageLists(client, withAllRead);
    const read = (filter: string) =>
      client.getQueryData<MessageListData>([...MESSAGES_QUERY_ROOT, 'en', filter])!.pages[0]!.list[0]!.is_read;
    expect([read('all'), read('unread')]).toEqual([1, 1]);
    undo();
    expect([read('all'), read('unread')]).toEqual([0, 0]);
  });
});

describe('the unread count', () => {
  const user = { id: 9, nickname: 'Ann', unread_num: 3 } as unknown as UserInfo;
  beforeEach(() => useSession.getState().clear());

  it('is kept in the user info cache and the session alike', () => {
    const client = new QueryClient();
    useSession.getState().signIn('token', user);
    client.setQueryData(ME_QUERY_KEY, user);
    expect(knownUnread(client)).toBe(3);
    expect(setUnread(client, 1)).toBe(true);
    expect(client.getQueryData<UserInfo>(ME_QUERY_KEY)!.unread_num).toBe(1);
    expect((useSession.getState().user as UserInfo).unread_num).toBe(1);
    expect(setUnread(client, 1)).toBe(false);
    setUnread(client, -2);
    expect(knownUnread(client)).toBe(0);
  });
  it('comes from the session before the user info is fetched, and is nothing when logged out', () => {
    const client = new QueryClient();
    expect(knownUnread(client)).toBeNull();
    expect(setUnread(client, 4)).toBe(false);
    useSession.getState().signIn('token', user);
    expect(setUnread(client, 4)).toBe(true);
    expect(client.getQueryData<UserInfo>(ME_QUERY_KEY)!.unread_num).toBe(4);
  });
});
