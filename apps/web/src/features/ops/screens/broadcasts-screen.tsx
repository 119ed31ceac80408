import { useState } from 'react';
import { opsMessageCalls } from '@taice/contract';
import { formatInteger } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button';
import { useOpsAction, useOpsQuery } from '../api/ops-call';
import { useMay } from '../api/use-auth-status';
import { Badge, When } from '../components/bits';
import { TextInput } from '../components/fields';
import { Panel, Screen } from '../components/screen';
import { numberOf, useOpsForm } from '../form';
import { useOpsT } from '../ops-i18n';

const BROADCAST_POLL_MS = 3_000;

/** How far one broadcast has got, asked again every few seconds until it is delivered to everyone. */
function BroadcastProgress({ id }: { id: number }) {
  const { ot, lang } = useOpsT();
  const status = useOpsQuery(
    opsMessageCalls.opsMessageBroadcastStatus,
    { id },
    { refetchInterval: (data) => (data?.done ? false : BROADCAST_POLL_MS) },
  );
  const data = status.data;
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm" data-testid="broadcast-progress">
      <span className="font-mono">#{id}</span>
      {data && (
        <>
          <When iso={data.created_at} />
          <span>{ot('broadcasts.sent', { count: formatInteger(data.sent, lang) })}</span>
          <Badge tone={data.done ? 'success' : 'warning'}>
            {data.done ? ot('broadcasts.done') : ot('broadcasts.sending')}
          </Badge>
        </>
      )}
    </li>
  );
}

const initial = { user_id: '', title_en: '', title_cn: '', title_tw: '', text_en: '', text_cn: '', text_tw: '' };
type Audience = 'all' | 'one';

/** Notices to one member or to every member (the Chinese texts fall back to the English ones when left blank). */
export default function BroadcastsScreen() {
  const { ot } = useOpsT();
  const may = useMay();
  const send = useOpsAction(opsMessageCalls.opsMessageSend, 'broadcasts.sentDone');
  const broadcast = useOpsAction(opsMessageCalls.opsMessageBroadcast, 'broadcasts.startedDone');
  const [audience, setAudience] = useState<Audience>('all');
  const [started, setStarted] = useState<number[]>([]);
  const form = useOpsForm({
    initial,
    schema: audience === 'one' ? opsMessageCalls.opsMessageSend.body : opsMessageCalls.noticeBody,
    toBody: (v) => ({
      user_id: audience === 'one' ? (numberOf(v.user_id) as number) : undefined,
      title_en: v.title_en,
      title_cn: v.title_cn.trim() || undefined,
      title_tw: v.title_tw.trim() || undefined,
      text_en: v.text_en,
      text_cn: v.text_cn.trim() || undefined,
      text_tw: v.text_tw.trim() || undefined,
    }),
    submit: async ({ user_id, ...notice }) => {
      if (user_id !== undefined) await send.mutateAsync({ ...notice, user_id });
      else {
        const result = await broadcast.mutateAsync(notice);
        setStarted((list) => [result.id, ...list]);
      }
      form.reset(initial);
    },
  });
  const pending = send.isPending || broadcast.isPending;
  const canSend = may(opsMessageCalls.opsMessageSend) || may(opsMessageCalls.opsMessageBroadcast);
  return (
    <Screen heading={ot('nav.broadcasts')}>
      {canSend ? (
        <Panel heading={ot('broadcasts.new')}>
          <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
            <div className="grid gap-3 wide:grid-cols-2">
              <label className="flex flex-col gap-1 text-sm font-medium text-muted">
                {ot('broadcasts.audience')}
                <select
                  value={audience}
                  onChange={(e) => setAudience(e.target.value as Audience)}
                  className="min-h-11 rounded-lg border border-border bg-surface-2 px-3 text-base text-fg"
                >
                  <option value="all">{ot('broadcasts.everyone')}</option>
                  <option value="one">{ot('broadcasts.oneMember')}</option>
                </select>
              </label>
              {audience === 'one' && (
                <TextInput
                  form={form}
                  name="user_id"
                  label={ot('broadcasts.memberId')}
                  type="number"
                  inputMode="numeric"
                />
              )}
            </div>
            <div className="grid gap-3 wide:grid-cols-3">
              <TextInput form={form} name="title_en" label={`${ot('broadcasts.titleField')} · ${ot('lang.en')}`} />
              <TextInput form={form} name="title_cn" label={`${ot('broadcasts.titleField')} · ${ot('lang.cn')}`} />
              <TextInput form={form} name="title_tw" label={`${ot('broadcasts.titleField')} · ${ot('lang.tw')}`} />
              <TextInput form={form} name="text_en" label={`${ot('broadcasts.text')} · ${ot('lang.en')}`} rows={4} />
              <TextInput form={form} name="text_cn" label={`${ot('broadcasts.text')} · ${ot('lang.cn')}`} rows={4} />
              <TextInput form={form} name="text_tw" label={`${ot('broadcasts.text')} · ${ot('lang.tw')}`} rows={4} />
            </div>
            <p className="text-sm text-muted">{ot('broadcasts.fallback')}</p>
            <div className="flex justify-end">
              <Button type="submit" loading={pending || form.pending} className="wide:min-w-40">
                {audience === 'one' ? ot('broadcasts.sendOne') : ot('broadcasts.sendAll')}
              </Button>
            </div>
          </form>
        </Panel>
      ) : (
        <p className="text-muted">{ot('broadcasts.adminOnly')}</p>
      )}
      {started.length > 0 && (
        <Panel heading={ot('broadcasts.progress')}>
          <ul className="flex flex-col gap-2">
            {started.map((id) => (
              <BroadcastProgress key={id} id={id} />
            ))}
          </ul>
        </Panel>
      )}
    </Screen>
  );
}
