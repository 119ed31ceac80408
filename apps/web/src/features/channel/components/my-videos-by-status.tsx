import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChartColumn } from 'lucide-react';
import type { ChannelPostStatus } from '@taice/contract';
import { ChipTabs, type ChipTab } from '../../../shared/ui/chip-tabs';
import { analyzePath } from '../paths';
import { parseStatus, STATUS_TABS, statusValue } from '../status-filter';
import { MyVideoList } from './my-video-list';

export function AnalyticsLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={analyzePath()}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface-2 px-4 font-semibold hover:bg-border/70"
    >
      <ChartColumn className="size-5" aria-hidden />
      {t('channel.analytics')}
    </Link>
  );
}

/** The status tabs (kept in `?status=`) over the creator's videos. */
export function MyVideosByStatus() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const tabs: ChipTab<ChannelPostStatus | undefined>[] = STATUS_TABS.map((s) => ({
    id: s,
    label: t(`channel.tabs.${s ?? 'all'}`),
  }));
  const setStatus = (next: ChannelPostStatus | undefined) =>
    setParams(next ? { status: next } : {}, { replace: true, preventScrollReset: true });
  return (
    <div className="flex flex-col gap-4">
      <ChipTabs tabs={tabs} value={status} onChange={setStatus} label={t('channel.statusTabs')} />
      <div role="tabpanel" aria-label={t(`channel.tabs.${status ?? 'all'}`)}>
        <MyVideoList key={status ?? 'all'} status={statusValue(status)} />
      </div>
    </div>
  );
}
