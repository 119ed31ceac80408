import { opsAuditCalls, type AuditRow } from '@taice/contract';
import { useOpsQuery } from '../api/ops-call';
import { Snapshot, UserLink, When } from '../components/bits';
import { PagedTable, type Column } from '../components/data-table';
import { SearchBox } from '../components/filters';
import { Screen } from '../components/screen';
import { optional, useListParams } from '../list-params';
import { useOpsT } from '../ops-i18n';

/** The start of a day (`YYYY-MM-DD`) on this device's clock, `days` later, as an ISO time; blank: undefined. */
export function dayStart(day: string, days = 0): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + days).toISOString();
}

/** Who did what to what, before and after: searchable, never editable. */
export default function AuditScreen() {
  const { ot } = useOpsT();
  const { filters, page, setFilters, setPage } = useListParams(['q', 'from', 'to']);
  const audit = useOpsQuery(opsAuditCalls.opsAuditList, {
    q: optional(filters.q),
    from: dayStart(filters.from),
    // The last day counts whole.
    to: dayStart(filters.to, 1),
    page,
  });
  const columns: Column<AuditRow>[] = [
    { header: ot('audit.when'), cell: (r) => <When iso={r.created_at} /> },
    {
      header: ot('audit.actor'),
      cell: (r) =>
        /^\d+$/.test(r.actor) ? (
          <UserLink id={Number(r.actor)} name={r.actor_name} />
        ) : (
          <span className="font-mono">{r.actor}</span>
        ),
    },
    { header: ot('audit.role'), cell: (r) => r.role },
    { header: ot('audit.action'), cell: (r) => <span className="font-mono">{r.action}</span> },
    { header: ot('audit.target'), cell: (r) => <span className="font-mono">{`${r.target_type}:${r.target_id}`}</span> },
    { header: ot('audit.before'), cell: (r) => <Snapshot value={r.before} /> },
    { header: ot('audit.after'), cell: (r) => <Snapshot value={r.after} /> },
    {
      header: ot('audit.origin'),
      cell: (r) => (
        <span className="flex max-w-[9rem] flex-col text-xs text-muted">
          <span>{r.ip ?? '—'}</span>
          {r.request_id && (
            <span className="truncate font-mono" title={r.request_id}>
              {r.request_id}
            </span>
          )}
        </span>
      ),
    },
  ];
  const dateInput = (key: 'from' | 'to') => (
    <label className="flex flex-col gap-1 text-sm text-muted">
      {ot(`audit.${key}`)}
      <input
        type="date"
        value={filters[key]}
        onChange={(e) => setFilters({ [key]: e.target.value })}
        className="min-h-11 rounded-lg border border-border bg-surface-2 px-3 text-base text-fg"
      />
    </label>
  );
  return (
    <Screen heading={ot('nav.audit')}>
      <p className="-mt-2 text-sm text-muted">{ot('audit.hint')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox value={filters.q} onSearch={(q) => setFilters({ q })} label={ot('audit.search')} />
        <div className="flex gap-3">
          {dateInput('from')}
          {dateInput('to')}
        </div>
      </div>
      <PagedTable
        caption={ot('nav.audit')}
        columns={columns}
        rowKey={(r) => r.id}
        empty={ot('audit.none')}
        query={audit}
        onPage={setPage}
        testId="ops-audit"
      />
    </Screen>
  );
}
