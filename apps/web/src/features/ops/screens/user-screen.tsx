import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import {
  LOGIN_TYPES,
  OPERATOR_ROLES,
  opsAccessCalls,
  opsAuditCalls,
  opsUserCalls,
  type OperatorRole,
  type OpsLedgerEntry,
  type OpsLedgerVerify,
  type OpsReferral,
  type OpsSession,
  type OpsUserDetail,
} from '@taice/contract';
import { formatInteger } from '../../../shared/lib/format';
import { randomHex } from '../../../shared/lib/random';
import { Button } from '../../../shared/ui/button';
import { ChipTabs } from '../../../shared/ui/chip-tabs';
import { ErrorState, Spinner } from '../../../shared/ui/states';
import { useOpsAction, useOpsQuery } from '../api/ops-call';
import { useMay } from '../api/use-auth-status';
import { RolesAndBan } from '../components/badges';
import { Amount, Badge, confirmThen, Facts, UserLink, When } from '../components/bits';
import { DataTable, PagedTable, type Column } from '../components/data-table';
import { TextInput } from '../components/fields';
import { FormDialog, ReasonDialog } from '../components/form-dialog';
import { OrdersTable } from '../components/orders-table';
import { Panel, Screen } from '../components/screen';
import { numberOf, useOpsForm } from '../form';
import { useOpsT } from '../ops-i18n';
import { opsAuditPath, opsPath } from '../ops-paths';

const TABS = ['profile', 'ledger', 'orders', 'referrals', 'sessions'] as const;
type Tab = (typeof TABS)[number];

const loginTypeNames = new Map(
  Object.entries(LOGIN_TYPES).map(([name, code]) => [code as number, name as keyof typeof LOGIN_TYPES]),
);

/** TAICE into or out of the member's spendable balance, with the reason the ledger and the audit log keep. */
function AdjustDialog({ user, onClose }: { user: OpsUserDetail; onClose: () => void }) {
  const { ot } = useOpsT();
  const adjust = useOpsAction(opsUserCalls.opsBalanceAdjust, 'users.adjusted');
  // One key per opened dialog: a retry after a lost answer moves the TAICE once.
  const [key] = useState(() => randomHex(16));
  const form = useOpsForm({
    initial: { amount: '', reason: '' },
    schema: opsUserCalls.opsBalanceAdjust.body,
    toBody: (values) => ({
      user_id: user.id,
      amount: numberOf(values.amount) as number,
      reason: values.reason,
      idempotency_key: key,
    }),
    submit: (body) => adjust.mutateAsync(body),
    onDone: onClose,
  });
  return (
    <FormDialog title={ot('users.adjustTitle')} onClose={onClose} form={form} submitLabel={ot('users.adjust')}>
      <p className="text-muted">
        {ot('users.adjustText')} <Amount value={user.balances.spendable} />
      </p>
      <TextInput form={form} name="amount" label={ot('users.amount')} type="number" hint={ot('users.amountHint')} />
      <TextInput form={form} name="reason" label={ot('actions.reason')} rows={3} />
    </FormDialog>
  );
}

function RolesPanel({ user }: { user: OpsUserDetail }) {
  const { ot } = useOpsT();
  const may = useMay();
  const grant = useOpsAction(opsAccessCalls.opsRoleGrant, 'users.roleGranted');
  const revoke = useOpsAction(opsAccessCalls.opsRoleRevoke, 'users.roleRevoked');
  const missing = OPERATOR_ROLES.filter((role) => !user.roles.includes(role));
  const [role, setRole] = useState<OperatorRole | ''>('');
  const chosen = role || missing[0];
  const canGrant = may(opsAccessCalls.opsRoleGrant);
  return (
    <Panel heading={ot('users.roles')}>
      <div className="flex flex-wrap items-center gap-2">
        {user.roles.length === 0 && <span className="text-muted">{ot('users.noRoles')}</span>}
        {user.roles.map((held) => (
          <span key={held} className="inline-flex items-center gap-1 rounded-full bg-accent/15 py-1 pl-3 pr-1">
            <span className="text-sm font-semibold text-accent-text">{ot(`roles.${held}`)}</span>
            {may(opsAccessCalls.opsRoleRevoke) && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  void confirmThen(ot('users.revokeConfirm', { role: ot(`roles.${held}`) }), () =>
                    revoke.run({ user_id: user.id, role: held }),
                  )
                }
              >
                {ot('users.revoke')}
              </Button>
            )}
          </span>
        ))}
        {canGrant && chosen && (
          <span className="flex items-center gap-2">
            <select
              aria-label={ot('users.role')}
              value={chosen}
              onChange={(e) => setRole(e.target.value as OperatorRole)}
              className="min-h-11 rounded-lg border border-border bg-surface-2 px-3"
            >
              {missing.map((r) => (
                <option key={r} value={r}>
                  {ot(`roles.${r}`)}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              loading={grant.isPending}
              onClick={() => void grant.run({ user_id: user.id, role: chosen })}
            >
              {ot('users.grant')}
            </Button>
          </span>
        )}
      </div>
    </Panel>
  );
}

function Profile({ user }: { user: OpsUserDetail }) {
  const { ot, lang } = useOpsT();
  const counts = user.counts;
  return (
    <div className="grid gap-4">
      <Panel heading={ot('users.balances')}>
        <Facts
          items={[
            [ot('users.spendable'), <Amount key="s" value={user.balances.spendable} />],
            [ot('users.locked'), <Amount key="l" value={user.balances.locked} />],
            [ot('users.total'), <Amount key="t" value={user.balances.total} />],
            [ot('users.lifetime'), <Amount key="e" value={user.balances.lifetime_earned} />],
          ]}
        />
      </Panel>
      <Panel heading={ot('users.profile')}>
        <Facts
          items={[
            [ot('users.id'), String(user.id)],
            [
              ot('users.uuid'),
              <span key="u" className="break-all font-mono text-xs">
                {user.uuid}
              </span>,
            ],
            [ot('users.name'), user.name],
            [ot('users.nickname'), user.nickname],
            [ot('users.email'), user.email ?? '—'],
            [ot('users.inviteCode'), user.invite_code],
            [
              ot('users.inviter'),
              user.inviter ? <UserLink key="i" id={user.inviter.id} name={user.inviter.name} /> : '—',
            ],
            [ot('users.joined'), <When key="j" iso={user.created_at} />],
            [ot('users.lastLogin'), <When key="ll" iso={user.last_login_at} />],
            ...(user.banned
              ? ([
                  [ot('users.banReason'), user.ban_reason ?? '—'],
                  [ot('users.bannedAt'), <When key="b" iso={user.banned_at} />],
                ] as [string, ReactNode][])
              : []),
          ]}
        />
      </Panel>
      <Panel heading={ot('users.counts')}>
        <Facts
          items={(Object.keys(counts) as (keyof typeof counts)[]).map((key) => [
            ot(`users.countNames.${key}`),
            formatInteger(counts[key], lang),
          ])}
        />
      </Panel>
      <Panel heading={ot('users.identities')}>
        <DataTable
          caption={ot('users.identities')}
          columns={[
            { header: ot('users.identityKind'), cell: (i) => ot(`users.identityKinds.${i.kind}`) },
            { header: ot('users.identity'), cell: (i) => <span className="break-all">{i.subject}</span> },
            { header: ot('users.identityLabel'), cell: (i) => i.label || '—' },
            { header: ot('users.bound'), cell: (i) => <When iso={i.created_at} /> },
          ]}
          rowKey={(i) => `${i.kind}:${i.subject}`}
          empty={ot('users.noIdentities')}
          state={{ rows: user.identities, error: null, retry: () => undefined }}
        />
      </Panel>
      <RolesPanel user={user} />
    </div>
  );
}

function VerifyResult({ result }: { result: OpsLedgerVerify }) {
  const { ot } = useOpsT();
  return (
    <div
      role="status"
      className={`rounded-lg border p-3 ${result.ok ? 'border-success/40 bg-success/10' : 'border-danger/40 bg-danger/10'}`}
      data-testid="ledger-verify"
    >
      <p className="font-semibold">{result.ok ? ot('ledger.verifyOk') : ot('ledger.verifyBad')}</p>
      <p className="text-sm text-muted">
        {ot('ledger.verifyCounted', { entries: result.entries })}{' '}
        {result.accounts.map((a) => `${ot(`ledger.buckets.${a.bucket}`)} ${a.balance} / ${a.computed}`).join(' · ')}
      </p>
      {result.mismatches.map((line) => (
        <p key={line} className="text-sm text-danger">
          {line}
        </p>
      ))}
    </div>
  );
}

function Ledger({ userId }: { userId: number }) {
  const { ot } = useOpsT();
  const may = useMay();
  const [page, setPage] = useState(1);
  const ledger = useOpsQuery(opsUserCalls.opsUserLedger, { user_id: userId, page });
  const verify = useOpsAction(opsUserCalls.opsUserLedgerVerify);
  const [result, setResult] = useState<OpsLedgerVerify>();
  const columns: Column<OpsLedgerEntry>[] = [
    { header: ot('ledger.when'), cell: (e) => <When iso={e.created_at} /> },
    { header: ot('ledger.reason'), cell: (e) => ot(`ledger.reasons.${e.reason}`) },
    { header: ot('ledger.memo'), cell: (e) => e.memo || '—' },
    { header: ot('ledger.bucket'), cell: (e) => ot(`ledger.buckets.${e.bucket}`) },
    { header: ot('ledger.amount'), numeric: true, cell: (e) => <Amount value={e.amount} signed /> },
    { header: ot('ledger.balanceAfter'), numeric: true, cell: (e) => <Amount value={e.balance_after} /> },
    { header: ot('ledger.totalAfter'), numeric: true, cell: (e) => <Amount value={e.total_after} /> },
  ];
  return (
    <Panel
      heading={ot('ledger.title')}
      actions={
        may(opsUserCalls.opsUserLedgerVerify) && (
          <Button
            variant="secondary"
            loading={verify.isPending}
            onClick={() => void verify.run({ user_id: userId }).then((r) => r && setResult(r))}
          >
            {ot('ledger.verify')}
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-3">
        {result && <VerifyResult result={result} />}
        <PagedTable
          caption={ot('ledger.title')}
          columns={columns}
          rowKey={(e) => e.id}
          empty={ot('ledger.none')}
          query={ledger}
          onPage={setPage}
          testId="ops-ledger"
        />
      </div>
    </Panel>
  );
}

function Orders({ userId }: { userId: number }) {
  const { ot } = useOpsT();
  const [page, setPage] = useState(1);
  const orders = useOpsQuery(opsUserCalls.opsUserOrders, { user_id: userId, page });
  return (
    <Panel heading={ot('nav.orders')}>
      <OrdersTable query={orders} onPage={setPage} />
    </Panel>
  );
}

function Referrals({ userId }: { userId: number }) {
  const { ot } = useOpsT();
  const [page, setPage] = useState(1);
  const referrals = useOpsQuery(opsUserCalls.opsUserReferrals, { user_id: userId, page });
  const columns: Column<OpsReferral>[] = [
    { header: ot('users.name'), cell: (r) => <UserLink id={r.user_id} name={r.name} /> },
    { header: ot('users.email'), cell: (r) => r.email ?? '—' },
    { header: ot('users.joined'), cell: (r) => <When iso={r.joined_at} /> },
    { header: ot('users.confirmed'), cell: (r) => <When iso={r.confirmed_at} /> },
    { header: ot('users.reward'), numeric: true, cell: (r) => (r.reward === null ? '—' : <Amount value={r.reward} />) },
  ];
  return (
    <Panel heading={ot('users.referrals')}>
      <PagedTable
        caption={ot('users.referrals')}
        columns={columns}
        rowKey={(r) => r.user_id}
        empty={ot('users.noReferrals')}
        query={referrals}
        onPage={setPage}
      />
    </Panel>
  );
}

function Sessions({ userId }: { userId: number }) {
  const { ot } = useOpsT();
  const may = useMay();
  const [page, setPage] = useState(1);
  const sessions = useOpsQuery(opsAccessCalls.opsUserSessions, { user_id: userId, page });
  const revoke = useOpsAction(opsAccessCalls.opsUserSessionRevoke, 'users.sessionRevoked');
  const columns: Column<OpsSession>[] = [
    { header: ot('users.opened'), cell: (s) => <When iso={s.created_at} /> },
    {
      header: ot('users.loginType'),
      cell: (s) => {
        const name = loginTypeNames.get(s.login_type);
        return name ? ot(`users.loginTypes.${name}`) : String(s.login_type);
      },
    },
    { header: ot('users.ip'), cell: (s) => s.ip || '—' },
    {
      header: ot('users.device'),
      cell: (s) => <span className="line-clamp-2 text-xs">{s.user_agent || s.device_id}</span>,
    },
    { header: ot('users.expires'), cell: (s) => <When iso={s.expires_at} /> },
    {
      header: ot('users.status'),
      cell: (s) =>
        s.active ? (
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone="success">{ot('users.active')}</Badge>
            {may(opsAccessCalls.opsUserSessionRevoke) && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void revoke.run({ user_id: userId, session_id: s.id })}
              >
                {ot('users.revokeSession')}
              </Button>
            )}
          </span>
        ) : (
          <Badge>{s.revoked_at ? ot('users.revoked') : ot('users.expired')}</Badge>
        ),
    },
  ];
  return (
    <Panel heading={ot('users.sessions')}>
      <PagedTable
        caption={ot('users.sessions')}
        columns={columns}
        rowKey={(s) => s.id}
        empty={ot('users.noSessions')}
        query={sessions}
        onPage={setPage}
      />
    </Panel>
  );
}

type Dialog = 'adjust' | 'ban' | null;

/** One member: profile, balances, identities and roles; ledger, orders, referrals and sessions; the actions. */
export default function UserScreen() {
  const { ot } = useOpsT();
  const may = useMay();
  // Not a row id: the call refuses it and the error shows.
  const userId = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'profile';
  const detail = useOpsQuery(opsUserCalls.opsUserDetail, { user_id: userId });
  const ban = useOpsAction(opsAccessCalls.opsUserBan, 'users.bannedDone');
  const unban = useOpsAction(opsAccessCalls.opsUserUnban, 'users.unbannedDone');
  const [dialog, setDialog] = useState<Dialog>(null);
  const user = detail.data;

  if (!user) {
    return detail.isError ? (
      <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />
    ) : (
      <Spinner />
    );
  }
  const actions = (
    <>
      {may(opsUserCalls.opsBalanceAdjust) && <Button onClick={() => setDialog('adjust')}>{ot('users.adjust')}</Button>}
      {user.banned
        ? may(opsAccessCalls.opsUserUnban) && (
            <Button
              variant="secondary"
              loading={unban.isPending}
              onClick={() => void confirmThen(ot('users.unbanConfirm'), () => unban.run({ user_id: user.id }))}
            >
              {ot('users.unban')}
            </Button>
          )
        : may(opsAccessCalls.opsUserBan) && (
            <Button variant="danger" onClick={() => setDialog('ban')}>
              {ot('users.ban')}
            </Button>
          )}
      {may(opsAuditCalls.opsAuditList) && (
        <Link
          to={opsAuditPath(String(user.id))}
          className="inline-flex min-h-11 items-center rounded-lg border border-border px-4 hover:bg-surface-2"
        >
          {ot('users.inAudit')}
        </Link>
      )}
    </>
  );
  return (
    <Screen heading={user.nickname || user.name || `#${user.id}`} actions={actions}>
      <Link to={opsPath('users')} className="-mt-2 inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
        <ArrowLeft className="size-4" aria-hidden />
        {ot('nav.users')}
      </Link>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <span>{user.email ?? user.uuid}</span>
        <RolesAndBan user={user} />
      </div>
      <ChipTabs
        label={ot('users.sections')}
        value={tab}
        onChange={(next) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true })}
        tabs={TABS.map((id) => ({ id, label: ot(`users.tabs.${id}`) }))}
      />
      {tab === 'profile' && <Profile user={user} />}
      {tab === 'ledger' && <Ledger userId={user.id} />}
      {tab === 'orders' && <Orders userId={user.id} />}
      {tab === 'referrals' && <Referrals userId={user.id} />}
      {tab === 'sessions' && <Sessions userId={user.id} />}
      {dialog === 'adjust' && <AdjustDialog user={user} onClose={() => setDialog(null)} />}
      {dialog === 'ban' && (
        <ReasonDialog
          title={ot('users.banTitle')}
          text={ot('users.banText')}
          submitLabel={ot('users.ban')}
          danger
          schema={opsAccessCalls.opsUserBan.body}
          toBody={(reason) => ({ user_id: user.id, reason })}
          submit={(body) => ban.mutateAsync(body)}
          onClose={() => setDialog(null)}
        />
      )}
    </Screen>
  );
}
