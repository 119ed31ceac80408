import { CHANNEL_STATUS_VALUES, POST_STATUS, type ChannelPostStatus } from '@taice/contract';
import type { StatusFilter } from './api/use-my-videos';

/** The list's tabs: every status but deleted, then each one, by the name the URL keeps (`?status=failed`). */
export const STATUS_TABS: (ChannelPostStatus | undefined)[] = [
  undefined,
  'published',
  'processing',
  'taken_down',
  'failed',
];

export function parseStatus(value: string | null): ChannelPostStatus | undefined {
  return STATUS_TABS.find((s) => s !== undefined && s === value);
}

/** The `userPostList` filter of a tab. */
export function statusValue(status: ChannelPostStatus | undefined): StatusFilter {
  if (!status) return undefined;
  const value = POST_STATUS[status];
  return CHANNEL_STATUS_VALUES.find((v) => v === value);
}

/** A positive whole number from the URL, or undefined. */
export function parseId(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2 ** 31 - 1 ? id : undefined;
}
