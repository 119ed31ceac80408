import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Check, X } from 'lucide-react';
import type { Order } from '@taice/contract';
import { formatDate } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { orderSteps } from './order-model';

/** The stages of an order in a row: reached ones ticked, the rest still to come. */
export function OrderTimeline({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const steps = orderSteps(order);
  const lastReached = steps.reduce((last, s, i) => (s.state === 'todo' ? last : i), 0);
  return (
    <ol
      aria-label={t('orders.progress')}
      className="grid"
      style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}
    >
      {steps.map((s, i) => {
        const reached = s.state !== 'todo';
        return (
          <li
            key={s.key}
            className="relative flex flex-col items-center gap-1 px-1 text-center"
            aria-current={i === lastReached ? 'step' : undefined}
          >
            {i > 0 && (
              <span
                aria-hidden
                className={clsx(
                  'absolute top-3 right-1/2 left-[-50%] h-0.5 -translate-y-1/2',
                  !reached ? 'bg-border' : s.state === 'stopped' ? 'bg-danger/60' : 'bg-success/60',
                )}
              />
            )}
            <span
              aria-hidden
              className={clsx(
                'relative z-10 grid size-6 place-items-center rounded-full',
                s.state === 'done' && 'bg-success text-bg',
                s.state === 'stopped' && 'bg-danger text-bg',
                s.state === 'todo' && 'border-2 border-border bg-surface',
              )}
            >
              {s.state === 'done' && <Check className="size-3.5" strokeWidth={3} />}
              {s.state === 'stopped' && <X className="size-3.5" strokeWidth={3} />}
            </span>
            <span className={clsx('text-xs font-semibold', reached ? 'text-fg' : 'text-muted')}>
              {t(`orders.steps.${s.key}`)}
            </span>
            {s.at && reached && (
              <time dateTime={s.at} className="text-xs text-muted">
                {formatDate(s.at, lang)}
              </time>
            )}
          </li>
        );
      })}
    </ol>
  );
}
