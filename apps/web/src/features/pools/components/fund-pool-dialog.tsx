import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Eye, Users } from 'lucide-react';
import { POOL_TYPE, POOL_MAX_WATCH_SECONDS, WATCHED_AFTER_SECONDS } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { formatBalance } from '../../../shared/lib/format';
import { randomHex } from '../../../shared/lib/random';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { Modal } from '../../../shared/ui/modal';
import { notify } from '../../../shared/ui/toast';
import { TaiceCoin, useWalletDetail } from '../../points';
import { useAddReward } from '../api/use-add-reward';
import { usePoolTypes } from '../api/use-pool-types';
import { poolProblems, REFUSAL_FIELDS, slotsOf, type PoolField, type PoolForm, type PoolProblems } from './pool-terms';

const TYPE_ICONS = { [POOL_TYPE.watch]: Eye, [POOL_TYPE.first_viewers]: Users } as Record<number, typeof Eye>;

const EMPTY: PoolForm = { type: POOL_TYPE.watch, total: '', amount: '', watchSeconds: '30', endAt: '' };

/** The counted watch of a video (10 s, or half a shorter one), as the server fixes it for "first viewers". */
const countedWatch = (duration: number | undefined) =>
  Math.max(1, Math.ceil(Math.min(WATCHED_AFTER_SECONDS, (duration ?? 2 * WATCHED_AFTER_SECONDS) / 2)));

/**
 * The fund dialog: the kind of pool, the total and the reward per viewer (how many viewers that pays is
 * shown as they type), the seconds to watch, an optional end, and the caller's spendable TAICE. Problems
 * show on their fields; a refusal of the server lands on its field or above the button.
 */
function FundForm({ postId, duration, onDone }: { postId: number; duration?: number; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const prefix = useId();
  const types = usePoolTypes();
  const wallet = useWalletDetail();
  const fund = useAddReward();
  const [form, setForm] = useState<PoolForm>(() => ({
    ...EMPTY,
    watchSeconds: String(Math.min(30, duration ? Math.floor(duration) : 30)),
  }));
  const [problems, setProblems] = useState<PoolProblems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key per dialog: sending again after a lost answer returns the first pool, never a second.
  const [key] = useState(() => randomHex(16));
  const kind = types.data?.list.find((k) => k.type === form.type);
  const fixedWatch = kind ? kind.fixed_watch === 1 : form.type === POOL_TYPE.first_viewers;
  const slots = slotsOf(form);
  const spendable = wallet.data?.spendable;
  const total = Number(form.total);
  const short = spendable !== undefined && Number.isFinite(total) && total > spendable;

  const change = (patch: Partial<PoolForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setRefusal(null);
    setProblems((p) => {
      const next = { ...p };
      for (const field of Object.keys(patch) as PoolField[]) delete next[field];
      return next;
    });
  };
  const problem = (field: PoolField) => problems[field] && (t(problems[field] as 'pools.form.badAmount') as string);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = poolProblems(form, fixedWatch, duration, Date.now());
    if (Object.keys(found).length > 0) {
      setProblems(found);
      return;
    }
    try {
      await fund.mutateAsync({
        post_id: postId,
        type: form.type,
        total: Number(form.total),
        amount: Number(form.amount),
        ...(fixedWatch ? {} : { watch_seconds: Number(form.watchSeconds) }),
        end_at: form.endAt ? new Date(form.endAt).toISOString() : null,
        idempotency_key: key,
      });
      notify.success(t('pools.funded'));
      onDone();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      const field = error instanceof ApiError ? REFUSAL_FIELDS[error.code] : undefined;
      if (field) setProblems({ [field]: message });
      else setRefusal(message);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" data-testid="fund-pool-form">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-muted">{t('pools.form.type')}</legend>
        <div role="radiogroup" className="grid gap-2 wide:grid-cols-2">
          {(types.data?.list ?? []).map((k) => {
            const Icon = TYPE_ICONS[k.type] ?? Eye;
            const chosen = k.type === form.type;
            return (
              <button
                key={k.type}
                type="button"
                role="radio"
                aria-checked={chosen}
                onClick={() => change({ type: k.type })}
                className={clsx(
                  'flex min-h-11 items-start gap-3 rounded-xl border p-3 text-left transition',
                  chosen ? 'border-accent bg-accent/10' : 'border-border bg-surface-2 hover:border-muted',
                )}
                data-testid={`pool-type-${k.type}`}
              >
                <Icon
                  className={clsx('mt-0.5 size-5 shrink-0', chosen ? 'text-accent-text' : 'text-muted')}
                  aria-hidden
                />
                <span className="min-w-0">
                  <span className="block font-semibold">{k.name}</span>
                  <span className="block text-xs text-muted">{k.description}</span>
                </span>
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <Field
          id={`${prefix}total`}
          label={t('pools.form.total')}
          inputMode="decimal"
          autoComplete="off"
          value={form.total}
          onChange={(e) => change({ total: e.target.value })}
          error={problem('total')}
          data-testid="pool-total"
        />
        <Field
          id={`${prefix}amount`}
          label={t('pools.form.perViewer')}
          inputMode="decimal"
          autoComplete="off"
          value={form.amount}
          onChange={(e) => change({ amount: e.target.value })}
          error={problem('amount')}
          data-testid="pool-amount"
        />
      </div>
      <p className="-mt-2 flex items-center gap-1.5 text-sm text-muted" aria-live="polite" data-testid="pool-viewers">
        <Users className="size-4" aria-hidden />
        {slots ? t('pools.form.viewers', { count: slots }) : t('pools.form.viewersHint')}
      </p>
      {fixedWatch ? (
        <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted">
          {t('pools.form.watchFixed', { seconds: countedWatch(duration) })}
        </p>
      ) : (
        <Field
          id={`${prefix}seconds`}
          label={t('pools.form.watchSeconds')}
          type="number"
          inputMode="numeric"
          min={1}
          max={duration ? Math.floor(duration) : POOL_MAX_WATCH_SECONDS}
          value={form.watchSeconds}
          onChange={(e) => change({ watchSeconds: e.target.value })}
          error={problem('watchSeconds')}
          data-testid="pool-seconds"
        />
      )}
      <Field
        id={`${prefix}end`}
        label={t('pools.form.endAt')}
        type="datetime-local"
        value={form.endAt}
        onChange={(e) => change({ endAt: e.target.value })}
        error={problem('endAt')}
        data-testid="pool-end"
      />
      <p className="-mt-3 text-xs text-muted">{t('pools.form.endHint')}</p>
      <div
        className={clsx(
          'flex items-center gap-3 rounded-xl border px-3 py-2',
          short ? 'border-danger/50 bg-danger/10' : 'border-border bg-bg',
        )}
      >
        <TaiceCoin className="size-8" />
        <div className="min-w-0 text-sm">
          <p className="text-muted">{t('pools.form.spendable')}</p>
          <p className="font-bold tabular-nums" data-testid="pool-spendable">
            {spendable === undefined ? '…' : `${formatBalance(spendable, lang)} TAICE`}
          </p>
        </div>
        {short && <p className="ml-auto text-right text-xs font-semibold text-danger">{t('pools.form.short')}</p>}
      </div>
      {refusal && (
        <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {refusal}
        </p>
      )}
      <Button type="submit" size="lg" block loading={fund.isPending} data-testid="pool-submit">
        {Number.isFinite(total) && total > 0
          ? t('pools.form.submit', { amount: formatBalance(total, lang) })
          : t('pools.fund')}
      </Button>
    </form>
  );
}

/** The fund dialog of one video (mounted while open, so each opening starts afresh with a new key). */
export function FundPoolDialog({
  open,
  onClose,
  postId,
  duration,
}: {
  open: boolean;
  onClose: () => void;
  postId: number;
  duration?: number;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('pools.fundTitle')}>
      {open && <FundForm postId={postId} duration={duration} onDone={onClose} />}
    </Modal>
  );
}
