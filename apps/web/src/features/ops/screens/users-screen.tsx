import { opsUserCalls, type OpsUserRow } from '@taice/contract';
import { useOpsQuery } from '../api/ops-call';
import { RolesAndBan } from '../components/badges';
import { UserLink, When } from '../components/bits';
import { PagedTable, type Column } from '../components/data-table';
import { SearchBox } from '../components/filters';
import { Screen } from '../components/screen';
import { optional, useListParams } from '../list-params';
import { useOpsT } from '../ops-i18n';

/** Members by e-mail, uuid, id, name, wallet address or Telegram id. */
export default function UsersScreen() {
  const { ot } = useOpsT();
  const { filters, page, setFilters, setPage } = useListParams(['q']);
  const users = useOpsQuery(opsUserCalls.opsUserSearch, { q: optional(filters.q), page });
  const columns: Column<OpsUserRow>[] = [
    { header: ot('users.name'), cell: (u) => <UserLink id={u.id} name={u.nickname || u.name} /> },
    { header: ot('users.email'), cell: (u) => u.email ?? '—' },
    {
      header: ot('users.wallet'),
      cell: (u) => <span className="break-all font-mono text-xs">{u.wallet_address ?? '—'}</span>,
    },
    { header: ot('users.telegram'), cell: (u) => u.telegram_id ?? '—' },
    { header: ot('users.status'), cell: (u) => <RolesAndBan user={u} /> },
    { header: ot('users.joined'), cell: (u) => <When iso={u.created_at} /> },
    { header: ot('users.lastLogin'), cell: (u) => <When iso={u.last_login_at} /> },
  ];
  return (
    <Screen heading={ot('nav.users')}>
      <SearchBox value={filters.q} onSearch={(q) => setFilters({ q })} label={ot('users.search')} />
      <PagedTable
        caption={ot('nav.users')}
        columns={columns}
        rowKey={(u) => u.id}
        empty={ot('users.none')}
        query={users}
        onPage={setPage}
        testId="ops-users"
      />
    </Screen>
  );
}
