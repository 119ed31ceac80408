import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import {
  EARNING_CHANGE_STATUSES,
  EARNING_SECTIONS,
  SIGN_IN_STREAK_DAYS,
  TASK_KEYS,
  TASK_TYPES,
  opsEarningCalls,
  toApiLang,
  type CallBody,
  type EarningConfig,
  type OpsEarningChange,
  type OpsTask,
} from '@taice/contract';
import { Button } from '../../../shared/ui/button';
import { ErrorState, Spinner } from '../../../shared/ui/states';
import { useOpsAction, useOpsQuery } from '../api/ops-call';
import { useMay } from '../api/use-auth-status';
import { Amount, Badge, Facts, Snapshot, UserLink, When, type Tone } from '../components/bits';
import { DataTable, PagedTable, type Column } from '../components/data-table';
import {
  CheckboxInput,
  localizedOf,
  localizedValues,
  LocalizedInputs,
  SelectInput,
  TextInput,
  type FormLike,
} from '../components/fields';
import { StatusFilter } from '../components/filters';
import { FormDialog } from '../components/form-dialog';
import { Panel, Screen } from '../components/screen';
import { instantOf, listOf, numberOf, useOpsForm, type FormValues } from '../form';
import { useListParams } from '../list-params';
import { useOpsT } from '../ops-i18n';

const statusTones: Record<OpsEarningChange['status'], Tone> = {
  scheduled: 'warning',
  applied: 'success',
  cancelled: 'neutral',
};

/** "5 = 100" lines (friends = TAICE) as invitation milestones. */
export function milestonesOf(text: string | boolean | undefined): { invite_num: number; point: number }[] {
  if (typeof text !== 'string') return [];
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [friends = '', point = ''] = line.split('=');
      return { invite_num: Number(friends.trim()), point: Number(point.trim()) };
    });
}

/**
 * A change of one part of the earning configuration, from a time on (blank: now). The fields are the part's own;
 * the time is asked of every change.
 */
function ChangeDialog<B>({
  title,
  initial,
  schema,
  toBody,
  submit,
  onClose,
  children,
}: {
  title: string;
  initial: FormValues;
  schema: z.ZodType | undefined;
  toBody: (values: FormValues) => B;
  submit: (body: B & { effective_at: string | null }) => Promise<unknown>;
  onClose: () => void;
  children: (form: FormLike) => ReactNode;
}) {
  const { ot } = useOpsT();
  const form = useOpsForm({
    initial: { ...initial, effective_at: '' },
    schema,
    toBody: (values) => ({ ...toBody(values), effective_at: instantOf(values.effective_at) }),
    submit,
    onDone: onClose,
  });
  return (
    <FormDialog title={title} onClose={onClose} form={form} submitLabel={ot('earning.schedule')}>
      {children(form)}
      <TextInput
        form={form}
        name="effective_at"
        label={ot('earning.effectiveAt')}
        type="datetime-local"
        hint={ot('earning.effectiveHint')}
      />
    </FormDialog>
  );
}

const num = (v: FormValues, name: string) => numberOf(v[name]) as number;

function taskValues(task?: OpsTask): FormValues {
  return {
    code: task?.code ?? '',
    task_type: task?.task_type ?? 'day',
    group_no: String(task?.group_no ?? 1),
    task_key: task?.task_key ?? 'watch_video',
    unit_key: task?.unit_key ?? 'other',
    total_num: task ? String(task.total_num) : '',
    point: task ? String(task.point) : '',
    enabled: task?.enabled ?? true,
    ...localizedValues('name', task?.name),
  };
}

const taskFields = (v: FormValues) => ({
  task_key: v.task_key as OpsTask['task_key'],
  unit_key: v.unit_key as OpsTask['unit_key'],
  total_num: num(v, 'total_num'),
  point: num(v, 'point'),
  enabled: v.enabled === true,
  name: localizedOf(v, 'name'),
});

type Editing = { part: 'amounts' | 'sign_in' | 'invite_tasks' | 'levels' } | { part: 'task'; task?: OpsTask };

function Dialogs({ editing, config, onClose }: { editing: Editing; config: EarningConfig; onClose: () => void }) {
  const { ot } = useOpsT();
  const amounts = useOpsAction(opsEarningCalls.opsEarningAmountsSet, 'earning.scheduledDone');
  const signIn = useOpsAction(opsEarningCalls.opsEarningSignInSet, 'earning.scheduledDone');
  const taskSet = useOpsAction(opsEarningCalls.opsEarningTaskSet, 'earning.scheduledDone');
  const taskCreate = useOpsAction(opsEarningCalls.opsEarningTaskCreate, 'earning.scheduledDone');
  const invites = useOpsAction(opsEarningCalls.opsEarningInviteTasksSet, 'earning.scheduledDone');
  const levels = useOpsAction(opsEarningCalls.opsEarningLevelsSet, 'earning.scheduledDone');
  const money = (form: FormLike, name: string, label: string) => (
    <TextInput form={form} name={name} label={label} type="number" />
  );
  switch (editing.part) {
    case 'amounts':
      return (
        <ChangeDialog
          title={ot('earning.amounts')}
          initial={Object.fromEntries(Object.entries(config.amounts).map(([k, v]) => [k, String(v)]))}
          schema={opsEarningCalls.opsEarningAmountsSet.body}
          toBody={(v) => ({
            new_user_reward: num(v, 'new_user_reward'),
            referral_reward: num(v, 'referral_reward'),
            daily_group_bonus: num(v, 'daily_group_bonus'),
            daily_max_groups: num(v, 'daily_max_groups'),
          })}
          submit={(body) => amounts.mutateAsync(body)}
          onClose={onClose}
        >
          {(form) => (
            <div className="grid gap-3 wide:grid-cols-2">
              {money(form, 'new_user_reward', ot('earning.newUserReward'))}
              {money(form, 'referral_reward', ot('earning.referralReward'))}
              {money(form, 'daily_group_bonus', ot('earning.dailyGroupBonus'))}
              <TextInput
                form={form}
                name="daily_max_groups"
                label={ot('earning.dailyMaxGroups')}
                type="number"
                inputMode="numeric"
              />
            </div>
          )}
        </ChangeDialog>
      );
    case 'sign_in':
      return (
        <ChangeDialog
          title={ot('earning.signIn')}
          initial={{
            ...Object.fromEntries(config.sign_in.rewards.map((v, i) => [`rewards.${i}`, String(v)])),
            seven_day_bonus: String(config.sign_in.seven_day_bonus),
          }}
          schema={opsEarningCalls.opsEarningSignInSet.body}
          toBody={(v) => ({
            rewards: Array.from({ length: SIGN_IN_STREAK_DAYS }, (_, i) => num(v, `rewards.${i}`)),
            seven_day_bonus: num(v, 'seven_day_bonus'),
          })}
          submit={(body) => signIn.mutateAsync(body)}
          onClose={onClose}
        >
          {(form) => (
            <div className="grid grid-cols-2 gap-3 wide:grid-cols-4">
              {Array.from({ length: SIGN_IN_STREAK_DAYS }, (_, i) =>
                money(form, `rewards.${i}`, ot('earning.day', { day: i + 1 })),
              )}
              {money(form, 'seven_day_bonus', ot('earning.sevenDayBonus'))}
            </div>
          )}
        </ChangeDialog>
      );
    case 'invite_tasks':
      return (
        <ChangeDialog
          title={ot('earning.invites')}
          initial={{ milestones: config.invite_tasks.map((m) => `${m.invite_num} = ${m.point}`).join('\n') }}
          schema={opsEarningCalls.opsEarningInviteTasksSet.body}
          toBody={(v) => ({ milestones: milestonesOf(v.milestones) })}
          submit={(body) => invites.mutateAsync(body)}
          onClose={onClose}
        >
          {(form) => (
            <TextInput
              form={form}
              name="milestones"
              label={ot('earning.milestones')}
              rows={6}
              hint={ot('earning.milestonesHint')}
            />
          )}
        </ChangeDialog>
      );
    case 'levels':
      return (
        <ChangeDialog
          title={ot('earning.levels')}
          initial={{ thresholds: config.levels.thresholds.join(', ') }}
          schema={opsEarningCalls.opsEarningLevelsSet.body}
          toBody={(v) => ({ thresholds: listOf(v.thresholds) })}
          submit={(body) => levels.mutateAsync(body)}
          onClose={onClose}
        >
          {(form) => (
            <TextInput
              form={form}
              name="thresholds"
              label={ot('earning.thresholds')}
              rows={3}
              hint={ot('earning.thresholdsHint')}
            />
          )}
        </ChangeDialog>
      );
    case 'task': {
      const { task } = editing;
      const fields = (form: FormLike) => (
        <>
          {!task && (
            <div className="grid gap-3 wide:grid-cols-3">
              <TextInput form={form} name="code" label={ot('earning.code')} placeholder="day.6.1" />
              <SelectInput
                form={form}
                name="task_type"
                label={ot('earning.taskType')}
                options={TASK_TYPES.map((t) => ({ value: t, label: ot(`earning.taskTypes.${t}`) }))}
              />
              <TextInput form={form} name="group_no" label={ot('earning.group')} type="number" inputMode="numeric" />
            </div>
          )}
          <LocalizedInputs form={form} name="name" label={ot('earning.taskName')} />
          <div className="grid gap-3 wide:grid-cols-2">
            <SelectInput
              form={form}
              name="task_key"
              label={ot('earning.action')}
              options={TASK_KEYS.map((k) => ({ value: k, label: ot(`earning.taskKeys.${k}`) }))}
            />
            <SelectInput
              form={form}
              name="unit_key"
              label={ot('earning.unit')}
              options={[
                { value: 'other', label: ot('earning.units.other') },
                { value: 'time', label: ot('earning.units.time') },
              ]}
            />
            <TextInput form={form} name="total_num" label={ot('earning.target')} type="number" inputMode="numeric" />
            {money(form, 'point', ot('earning.reward'))}
          </div>
          <CheckboxInput form={form} name="enabled" label={ot('earning.enabled')} />
        </>
      );
      return task ? (
        <ChangeDialog
          title={ot('earning.editTask', { code: task.code })}
          initial={taskValues(task)}
          schema={opsEarningCalls.opsEarningTaskSet.body}
          toBody={(v) => ({ ...taskFields(v), code: task.code })}
          submit={(body) => taskSet.mutateAsync(body)}
          onClose={onClose}
        >
          {fields}
        </ChangeDialog>
      ) : (
        <ChangeDialog
          title={ot('earning.newTask')}
          initial={taskValues()}
          schema={opsEarningCalls.opsEarningTaskCreate.body}
          toBody={(v): Omit<CallBody<typeof opsEarningCalls.opsEarningTaskCreate>, 'effective_at'> => ({
            ...taskFields(v),
            code: String(v.code),
            task_type: v.task_type as OpsTask['task_type'],
            group_no: num(v, 'group_no'),
          })}
          submit={(body) => taskCreate.mutateAsync(body)}
          onClose={onClose}
        >
          {fields}
        </ChangeDialog>
      );
    }
  }
}

function Changes() {
  const { ot } = useOpsT();
  const may = useMay();
  const { filters, page, setFilters, setPage } = useListParams(['section', 'status']);
  const changes = useOpsQuery(opsEarningCalls.opsEarningChanges, {
    section: EARNING_SECTIONS.find((s) => s === filters.section),
    status: EARNING_CHANGE_STATUSES.find((s) => s === filters.status),
    page,
  });
  const cancel = useOpsAction(opsEarningCalls.opsEarningChangeCancel, 'earning.cancelledDone');
  const columns: Column<OpsEarningChange>[] = [
    { header: ot('earning.appliesFrom'), cell: (c) => <When iso={c.effective_at} /> },
    {
      header: ot('earning.part'),
      cell: (c) => `${ot(`earning.sections.${c.section}`)}${c.target ? ` · ${c.target}` : ''}`,
    },
    {
      header: ot('earning.status'),
      cell: (c) => <Badge tone={statusTones[c.status]}>{ot(`earning.statuses.${c.status}`)}</Badge>,
    },
    {
      header: ot('earning.by'),
      cell: (c) => (
        <span className="text-xs">
          {/^\d+$/.test(c.created_by) ? <UserLink id={Number(c.created_by)} name={c.created_by_name} /> : c.created_by}{' '}
          · <When iso={c.created_at} />
        </span>
      ),
    },
    { header: ot('audit.before'), cell: (c) => <Snapshot value={c.before} /> },
    { header: ot('audit.after'), cell: (c) => <Snapshot value={c.after} /> },
    {
      header: ot('orders.actions'),
      cell: (c) =>
        c.status === 'scheduled' &&
        may(opsEarningCalls.opsEarningChangeCancel) && (
          <Button size="sm" variant="secondary" onClick={() => void cancel.run({ id: c.id })}>
            {ot('earning.cancelChange')}
          </Button>
        ),
    },
  ];
  return (
    <Panel heading={ot('earning.changes')}>
      <div className="flex flex-col gap-3">
        <StatusFilter
          label={ot('earning.part')}
          value={filters.section}
          statuses={EARNING_SECTIONS}
          labelOf={(s) => ot(`earning.sections.${s}`)}
          onChange={(section) => setFilters({ section })}
        />
        <StatusFilter
          label={ot('earning.status')}
          value={filters.status}
          statuses={EARNING_CHANGE_STATUSES}
          labelOf={(s) => ot(`earning.statuses.${s}`)}
          onChange={(status) => setFilters({ status })}
        />
        <PagedTable
          caption={ot('earning.changes')}
          columns={columns}
          rowKey={(c) => c.id}
          empty={ot('earning.noChanges')}
          query={changes}
          onPage={setPage}
        />
      </div>
    </Panel>
  );
}

/** The earning rules in force (amounts, sign-in, tasks, invitations, levels), their changes, and who made them. */
export default function EarningScreen() {
  const { ot, lang } = useOpsT();
  const may = useMay();
  const config = useOpsQuery(opsEarningCalls.opsEarningConfig, {});
  const [editing, setEditing] = useState<Editing | null>(null);
  const data = config.data;
  const change = (part: Editing, allowed: boolean) =>
    allowed && (
      <Button size="sm" variant="secondary" onClick={() => setEditing(part)}>
        {ot('earning.change')}
      </Button>
    );

  if (!data) return config.isError ? <ErrorState onRetry={() => void config.refetch()} /> : <Spinner />;
  const taskColumns: Column<OpsTask>[] = [
    { header: ot('earning.code'), cell: (t) => <span className="font-mono">{t.code}</span> },
    { header: ot('earning.taskName'), cell: (t) => t.name[toApiLang(lang)] },
    {
      header: ot('earning.taskType'),
      cell: (t) => `${ot(`earning.taskTypes.${t.task_type}`)}${t.group_no ? ` · ${t.group_no}` : ''}`,
    },
    { header: ot('earning.action'), cell: (t) => ot(`earning.taskKeys.${t.task_key}`) },
    {
      header: ot('earning.target'),
      numeric: true,
      cell: (t) => `${t.total_num}${t.unit_key === 'time' ? ` ${ot('earning.minutes')}` : ''}`,
    },
    { header: ot('earning.reward'), numeric: true, cell: (t) => <Amount value={t.point} /> },
    {
      header: ot('earning.enabled'),
      cell: (t) => (
        <Badge tone={t.enabled ? 'success' : 'neutral'}>{t.enabled ? ot('earning.on') : ot('earning.off')}</Badge>
      ),
    },
    {
      header: ot('orders.actions'),
      cell: (t) =>
        may(opsEarningCalls.opsEarningTaskSet) && (
          <Button size="sm" variant="secondary" onClick={() => setEditing({ part: 'task', task: t })}>
            {ot('actions.edit')}
          </Button>
        ),
    },
  ];
  return (
    <Screen heading={ot('nav.earning')}>
      <p className="-mt-2 text-sm text-muted">{ot('earning.intro')}</p>
      <div className="grid gap-4 wide:grid-cols-2">
        <Panel
          heading={ot('earning.amounts')}
          actions={change({ part: 'amounts' }, may(opsEarningCalls.opsEarningAmountsSet))}
        >
          <Facts
            items={[
              [ot('earning.newUserReward'), <Amount key="n" value={data.amounts.new_user_reward} />],
              [ot('earning.referralReward'), <Amount key="r" value={data.amounts.referral_reward} />],
              [ot('earning.dailyGroupBonus'), <Amount key="b" value={data.amounts.daily_group_bonus} />],
              [ot('earning.dailyMaxGroups'), String(data.amounts.daily_max_groups)],
            ]}
          />
        </Panel>
        <Panel
          heading={ot('earning.signIn')}
          actions={change({ part: 'sign_in' }, may(opsEarningCalls.opsEarningSignInSet))}
        >
          <Facts
            items={[
              ...data.sign_in.rewards.map(
                (v, i) => [ot('earning.day', { day: i + 1 }), <Amount key={i} value={v} />] as [string, ReactNode],
              ),
              [ot('earning.sevenDayBonus'), <Amount key="b" value={data.sign_in.seven_day_bonus} />],
            ]}
          />
        </Panel>
        <Panel
          heading={ot('earning.invites')}
          actions={change({ part: 'invite_tasks' }, may(opsEarningCalls.opsEarningInviteTasksSet))}
        >
          <Facts
            items={data.invite_tasks.map((m) => [
              ot('earning.friends', { count: m.invite_num }),
              <Amount key={m.id} value={m.point} />,
            ])}
          />
        </Panel>
        <Panel
          heading={ot('earning.levels')}
          actions={change({ part: 'levels' }, may(opsEarningCalls.opsEarningLevelsSet))}
        >
          <Facts
            items={data.levels.thresholds.map((v, i) => [
              ot('earning.level', { level: i + 1 }),
              <Amount key={i} value={v} />,
            ])}
          />
        </Panel>
      </div>
      <Panel
        heading={ot('earning.tasks')}
        actions={
          may(opsEarningCalls.opsEarningTaskCreate) && (
            <Button size="sm" variant="secondary" onClick={() => setEditing({ part: 'task' })}>
              {ot('earning.newTask')}
            </Button>
          )
        }
      >
        <DataTable
          caption={ot('earning.tasks')}
          columns={taskColumns}
          rowKey={(t) => t.id}
          empty={ot('earning.noTasks')}
          state={{ rows: data.tasks, error: null, retry: () => undefined }}
        />
      </Panel>
      <Changes />
      {editing && <Dialogs editing={editing} config={data} onClose={() => setEditing(null)} />}
    </Screen>
  );
}
