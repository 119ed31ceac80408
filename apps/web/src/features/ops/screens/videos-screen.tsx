import { useState } from 'react';
import { VIDEO_STATUSES, opsVideoCalls, type OpsVideo, type VideoStatus } from '@taice/contract';
import { formatDuration, formatInteger } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button';
import { useOpsAction, useOpsQuery } from '../api/ops-call';
import { useMay } from '../api/use-auth-status';
import { Badge, UserLink, When, type Tone } from '../components/bits';
import { PagedTable, type Column } from '../components/data-table';
import { SearchBox, StatusFilter } from '../components/filters';
import { ReasonDialog } from '../components/form-dialog';
import { Screen } from '../components/screen';
import { optional, useListParams } from '../list-params';
import { useOpsT } from '../ops-i18n';

const statusTones: Record<VideoStatus, Tone> = { published: 'success', taken_down: 'danger', deleted: 'neutral' };

type Moderation = { video: OpsVideo; action: 'take_down' | 'put_up' };

/** Any video by id, title or creator: take one down or put it back up, with the reason its creator is sent. */
export default function VideosScreen() {
  const { ot, lang } = useOpsT();
  const may = useMay();
  const { filters, page, setFilters, setPage } = useListParams(['q', 'status']);
  const videos = useOpsQuery(opsVideoCalls.opsVideos, {
    q: optional(filters.q),
    status: VIDEO_STATUSES.find((s) => s === filters.status),
    page,
  });
  const takeDown = useOpsAction(opsVideoCalls.opsVideoTakeDown, 'videos.takenDownDone');
  const putUp = useOpsAction(opsVideoCalls.opsVideoPutUp, 'videos.putUpDone');
  const [moderating, setModerating] = useState<Moderation | null>(null);

  const columns: Column<OpsVideo>[] = [
    {
      header: ot('videos.video'),
      cell: (v) => (
        <span className="flex items-start gap-3">
          <span className="relative w-28 shrink-0 overflow-hidden rounded-md bg-surface-2">
            <img src={v.cover} alt="" className="aspect-video w-full object-cover" loading="lazy" />
            <span className="absolute bottom-1 right-1 rounded bg-black/75 px-1 text-xs text-white">
              {formatDuration(v.duration)}
            </span>
          </span>
          <span className="min-w-0">
            <span className="line-clamp-2 font-medium">{v.title}</span>
            <span className="text-xs text-muted">#{v.id}</span>
          </span>
        </span>
      ),
    },
    { header: ot('videos.creator'), cell: (v) => <UserLink id={v.author.id} name={v.author.nickname} /> },
    { header: ot('videos.category'), cell: (v) => v.category_name || '—' },
    {
      header: ot('videos.status'),
      cell: (v) => <Badge tone={statusTones[v.status]}>{ot(`videos.statuses.${v.status}`)}</Badge>,
    },
    { header: ot('videos.views'), numeric: true, cell: (v) => formatInteger(v.view_num, lang) },
    { header: ot('videos.published'), cell: (v) => <When iso={v.published_at} /> },
    {
      header: ot('videos.moderation'),
      cell: (v) =>
        v.moderation ? (
          <span className="block max-w-[18rem] text-xs">
            <span className="font-semibold">{ot(`videos.actions.${v.moderation.action}`)}</span> · {v.moderation.reason}
            <span className="block text-muted">
              #{v.moderation.by} · <When iso={v.moderation.at} />
            </span>
          </span>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    {
      header: ot('orders.actions'),
      cell: (v) =>
        v.status === 'published' && may(opsVideoCalls.opsVideoTakeDown) ? (
          <Button size="sm" variant="secondary" onClick={() => setModerating({ video: v, action: 'take_down' })}>
            {ot('videos.actions.take_down')}
          </Button>
        ) : (
          v.status === 'taken_down' &&
          may(opsVideoCalls.opsVideoPutUp) && (
            <Button size="sm" variant="secondary" onClick={() => setModerating({ video: v, action: 'put_up' })}>
              {ot('videos.actions.put_up')}
            </Button>
          )
        ),
    },
  ];

  return (
    <Screen heading={ot('nav.videos')}>
      <StatusFilter
        label={ot('videos.status')}
        value={filters.status}
        statuses={VIDEO_STATUSES}
        labelOf={(s) => ot(`videos.statuses.${s}`)}
        onChange={(status) => setFilters({ status })}
      />
      <SearchBox value={filters.q} onSearch={(q) => setFilters({ q })} label={ot('videos.search')} />
      <PagedTable
        caption={ot('nav.videos')}
        columns={columns}
        rowKey={(v) => v.id}
        empty={ot('videos.none')}
        query={videos}
        onPage={setPage}
        testId="ops-videos"
      />
      {moderating && (
        <ReasonDialog
          title={ot(`videos.actions.${moderating.action}`)}
          text={`${moderating.video.title} · ${ot('videos.creatorSees')}`}
          submitLabel={ot(`videos.actions.${moderating.action}`)}
          danger={moderating.action === 'take_down'}
          schema={opsVideoCalls.opsVideoTakeDown.body}
          toBody={(reason) => ({ id: moderating.video.id, reason })}
          submit={(body) => (moderating.action === 'take_down' ? takeDown : putUp).mutateAsync(body)}
          onClose={() => setModerating(null)}
        />
      )}
    </Screen>
  );
}
