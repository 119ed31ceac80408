import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHANNEL_REPORT_DAYS, type ChannelReportDays } from '@taice/contract';
import { ChipTabs } from '../../../shared/ui/chip-tabs';
import { Page } from '../../../shared/ui/page';
import { useChannelReport } from '../api/use-channel-report';
import { useMyVideoChoices } from '../api/use-my-videos';
import { ChannelCharts } from '../components/channel-charts';
import { ChannelTotalsTiles } from '../components/channel-totals';
import { UploadLink } from '../components/my-video-list';
import { parseId } from '../status-filter';

/** The whole channel or one of the caller's latest videos. */
function ScopeSelect({ postId, onChange }: { postId: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const choices = useMyVideoChoices();
  const list = choices.data?.list ?? [];
  const listed = postId === undefined || list.some((p) => p.id === postId);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm text-muted">
        {t('channel.analyze.scope')}
      </label>
      <select
        id={id}
        value={postId ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
        className="min-h-11 w-full min-w-0 rounded-lg border border-border bg-surface-2 px-3 wide:w-96"
        data-testid="analyze-scope"
      >
        <option value="">{t('channel.analyze.wholeChannel')}</option>
        {!listed && <option value={postId}>#{postId}</option>}
        {list.map((post) => (
          <option key={post.id} value={post.id}>
            {post.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * /Analyze: the all-time totals of the caller's channel (or of one video, `?post_id=`) and its figures per day
 * over 7, 30 or 90 days (`?days=`), in business days (UTC+8), numbers and dates in the chosen language.
 */
export default function AnalyzePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const postId = parseId(params.get('post_id'));
  const days = (CHANNEL_REPORT_DAYS.find((d) => String(d) === params.get('days')) ?? 7) as ChannelReportDays;
  const report = useChannelReport(days, postId);
  const set = (next: { post_id?: number; days?: number }) => {
    const merged = { post_id: postId, days, ...next };
    const search: Record<string, string> = {};
    if (merged.post_id) search.post_id = String(merged.post_id);
    if (merged.days !== 7) search.days = String(merged.days);
    setParams(search, { replace: true, preventScrollReset: true });
  };
  return (
    <Page title={t('channel.analyze.title')} actions={<UploadLink variant="secondary" />}>
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-3 wide:flex-row wide:items-end wide:justify-between">
          <ScopeSelect postId={postId} onChange={(id) => set({ post_id: id })} />
          <ChipTabs
            label={t('channel.analyze.period')}
            value={String(days)}
            onChange={(next) => set({ days: Number(next) })}
            tabs={CHANNEL_REPORT_DAYS.map((d) => ({ id: String(d), label: t('channel.analyze.days', { count: d }) }))}
          />
        </div>
        <section aria-labelledby="analyze-totals" className="flex flex-col gap-3">
          <h2 id="analyze-totals" className="text-lg font-bold">
            {t('channel.analyze.totals')}
          </h2>
          <ChannelTotalsTiles postId={postId} />
        </section>
        <section aria-labelledby="analyze-period" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="analyze-period" className="text-lg font-bold">
              {t('channel.analyze.inPeriod', { count: days })}
            </h2>
            <p className="text-sm text-muted">{t('channel.analyze.timeZone')}</p>
          </div>
          <ChannelCharts report={report} perVideo={postId !== undefined} />
        </section>
      </div>
    </Page>
  );
}
