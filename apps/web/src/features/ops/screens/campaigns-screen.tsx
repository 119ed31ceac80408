import { useState } from 'react';
import {
  CAMPAIGN_JOIN_MODES,
  CAMPAIGN_SPLITS,
  CAMPAIGN_STATUSES,
  REWARD_CURRENCIES,
  opsCampaignCalls,
  toApiLang,
  type CampaignStatus,
  type OpsCampaign,
} from '@taice/contract';
import { Button } from '../../../shared/ui/button';
import { useOpsAction, useOpsQuery } from '../api/ops-call';
import { useMay } from '../api/use-auth-status';
import { Amount, Badge, When, type Tone } from '../components/bits';
import { PagedTable, type Column } from '../components/data-table';
import { localizedOf, localizedValues, LocalizedInputs, SelectInput, TextInput } from '../components/fields';
import { StatusFilter } from '../components/filters';
import { FormDialog } from '../components/form-dialog';
import { RewardsTable } from '../components/rewards-table';
import { Panel, Screen } from '../components/screen';
import { instantOf, listOf, localOf, numberOf, useOpsForm, type FormValues } from '../form';
import { useListParams } from '../list-params';
import { useOpsT } from '../ops-i18n';

const statusTones: Record<CampaignStatus, Tone> = {
  upcoming: 'accent',
  ongoing: 'success',
  ended: 'warning',
  settled: 'neutral',
};

function valuesOf(campaign?: OpsCampaign): FormValues {
  return {
    ...localizedValues('title', campaign?.title),
    ...localizedValues('rules', campaign?.rules),
    banner: campaign?.banner ?? '',
    starts_at: localOf(campaign?.starts_at),
    ends_at: localOf(campaign?.ends_at),
    jackpot: campaign ? String(campaign.jackpot) : '',
    currency: campaign?.currency ?? 'TAICE',
    split: campaign?.split ?? 'equal',
    join_mode: campaign?.join_mode ?? 'explicit',
    winners: campaign?.split === 'draw' && campaign.winners !== null ? String(campaign.winners) : '',
    rank_shares: campaign?.rank_shares.join(', ') ?? '',
    'conditions.min_watched': String(campaign?.conditions.min_watched ?? 0),
    'conditions.min_invites': String(campaign?.conditions.min_invites ?? 0),
    'conditions.min_shares': String(campaign?.conditions.min_shares ?? 0),
  };
}

/** A new campaign, or (given one that has not started) its settings replaced. */
function CampaignDialog({ campaign, onClose }: { campaign?: OpsCampaign; onClose: () => void }) {
  const { ot } = useOpsT();
  const create = useOpsAction(opsCampaignCalls.opsCampaignCreate, 'campaigns.createdDone');
  const update = useOpsAction(opsCampaignCalls.opsCampaignUpdate, 'campaigns.updatedDone');
  const form = useOpsForm({
    initial: () => valuesOf(campaign),
    schema: campaign ? opsCampaignCalls.opsCampaignUpdate.body : opsCampaignCalls.opsCampaignCreate.body,
    toBody: (v) => ({
      title: localizedOf(v, 'title'),
      rules: localizedOf(v, 'rules'),
      banner: String(v.banner),
      // Blank reads "is required".
      starts_at: instantOf(v.starts_at) as string,
      ends_at: instantOf(v.ends_at) as string,
      jackpot: numberOf(v.jackpot) as number,
      currency: v.currency as OpsCampaign['currency'],
      split: v.split as OpsCampaign['split'],
      join_mode: v.join_mode as OpsCampaign['join_mode'],
      winners: v.split === 'draw' ? (numberOf(v.winners) ?? null) : null,
      rank_shares: v.split === 'rank' ? listOf(v.rank_shares) : [],
      conditions: {
        min_watched: numberOf(v['conditions.min_watched']) ?? 0,
        min_invites: numberOf(v['conditions.min_invites']) ?? 0,
        min_shares: numberOf(v['conditions.min_shares']) ?? 0,
      },
    }),
    submit: (body) => (campaign ? update.mutateAsync({ ...body, id: campaign.id }) : create.mutateAsync(body)),
    onDone: onClose,
  });
  return (
    <FormDialog
      title={campaign ? ot('campaigns.editTitle') : ot('campaigns.createTitle')}
      onClose={onClose}
      form={form}
      submitLabel={campaign ? ot('actions.save') : ot('campaigns.create')}
    >
      <LocalizedInputs form={form} name="title" label={ot('campaigns.titleField')} />
      <LocalizedInputs form={form} name="rules" label={ot('campaigns.rules')} rows={3} />
      <TextInput form={form} name="banner" label={ot('campaigns.banner')} placeholder="https://…" />
      <div className="grid gap-3 wide:grid-cols-2">
        <TextInput form={form} name="starts_at" label={ot('campaigns.startsAt')} type="datetime-local" />
        <TextInput form={form} name="ends_at" label={ot('campaigns.endsAt')} type="datetime-local" />
        <TextInput form={form} name="jackpot" label={ot('campaigns.jackpot')} type="number" />
        <SelectInput
          form={form}
          name="currency"
          label={ot('campaigns.currency')}
          options={REWARD_CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
        <SelectInput
          form={form}
          name="split"
          label={ot('campaigns.split')}
          options={CAMPAIGN_SPLITS.map((value) => ({ value, label: ot(`campaigns.splits.${value}`) }))}
        />
        <SelectInput
          form={form}
          name="join_mode"
          label={ot('campaigns.joinMode')}
          options={CAMPAIGN_JOIN_MODES.map((value) => ({ value, label: ot(`campaigns.joinModes.${value}`) }))}
        />
      </div>
      {form.values.split === 'draw' && (
        <TextInput form={form} name="winners" label={ot('campaigns.winners')} type="number" />
      )}
      {form.values.split === 'rank' && (
        <TextInput
          form={form}
          name="rank_shares"
          label={ot('campaigns.rankShares')}
          hint={ot('campaigns.rankSharesHint')}
        />
      )}
      <div className="grid gap-3 wide:grid-cols-3">
        <TextInput form={form} name="conditions.min_watched" label={ot('campaigns.minWatched')} type="number" />
        <TextInput form={form} name="conditions.min_invites" label={ot('campaigns.minInvites')} type="number" />
        <TextInput form={form} name="conditions.min_shares" label={ot('campaigns.minShares')} type="number" />
      </div>
    </FormDialog>
  );
}

/** Campaigns: create, change before the start, settle an ended one, and decide the rewards. */
export default function CampaignsScreen() {
  const { ot, lang } = useOpsT();
  const may = useMay();
  const { filters, page, setFilters, setPage } = useListParams(['status']);
  const campaigns = useOpsQuery(opsCampaignCalls.opsCampaigns, {
    status: CAMPAIGN_STATUSES.find((s) => s === filters.status),
    page,
  });
  const settle = useOpsAction(opsCampaignCalls.opsCampaignSettle, 'campaigns.settledDone');
  const [editing, setEditing] = useState<OpsCampaign | 'new' | null>(null);
  const [chosen, setChosen] = useState<OpsCampaign | null>(null);
  const title = (c: OpsCampaign) => c.title[toApiLang(lang)];

  const columns: Column<OpsCampaign>[] = [
    { header: ot('campaigns.titleField'), cell: (c) => title(c) },
    {
      header: ot('campaigns.period'),
      cell: (c) => (
        <span className="text-xs">
          <When iso={c.starts_at} /> – <When iso={c.ends_at} />
        </span>
      ),
    },
    {
      header: ot('campaigns.status'),
      cell: (c) => <Badge tone={statusTones[c.status]}>{ot(`campaigns.statuses.${c.status}`)}</Badge>,
    },
    { header: ot('campaigns.jackpot'), numeric: true, cell: (c) => <Amount value={c.jackpot} currency={c.currency} /> },
    { header: ot('campaigns.split'), cell: (c) => ot(`campaigns.splits.${c.split}`) },
    { header: ot('campaigns.participants'), numeric: true, cell: (c) => `${c.qualified} / ${c.participants}` },
    {
      header: ot('orders.actions'),
      cell: (c) => (
        <span className="flex flex-wrap gap-2">
          <Button size="sm" variant={chosen?.id === c.id ? 'primary' : 'secondary'} onClick={() => setChosen(c)}>
            {ot('campaigns.results')}
          </Button>
          {c.status === 'upcoming' && may(opsCampaignCalls.opsCampaignUpdate) && (
            <Button size="sm" variant="secondary" onClick={() => setEditing(c)}>
              {ot('actions.edit')}
            </Button>
          )}
          {c.status === 'ended' && may(opsCampaignCalls.opsCampaignSettle) && (
            <Button size="sm" variant="secondary" onClick={() => void settle.run({ id: c.id })}>
              {ot('campaigns.settle')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <Screen
      heading={ot('nav.campaigns')}
      actions={
        may(opsCampaignCalls.opsCampaignCreate) && (
          <Button onClick={() => setEditing('new')}>{ot('campaigns.create')}</Button>
        )
      }
    >
      <StatusFilter
        label={ot('campaigns.status')}
        value={filters.status}
        statuses={CAMPAIGN_STATUSES}
        labelOf={(s) => ot(`campaigns.statuses.${s}`)}
        onChange={(status) => setFilters({ status })}
      />
      <PagedTable
        caption={ot('nav.campaigns')}
        columns={columns}
        rowKey={(c) => c.id}
        empty={ot('campaigns.none')}
        query={campaigns}
        onPage={setPage}
      />
      {chosen && (
        <Panel heading={ot('campaigns.resultsOf', { campaign: title(chosen) })}>
          {chosen.draw_commitment && (
            <p className="mb-3 break-all text-xs text-muted">
              {ot('campaigns.commitment')} <code>{chosen.draw_commitment}</code>
              {chosen.draw_seed && (
                <>
                  {' · '}
                  {ot('campaigns.seed')} <code>{chosen.draw_seed}</code>
                </>
              )}
            </p>
          )}
          <RewardsTable key={chosen.id} source="campaign" sourceId={chosen.id} />
        </Panel>
      )}
      {editing && (
        <CampaignDialog campaign={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </Screen>
  );
}
