import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { useNow } from '../../../shared/hooks/use-now';
import { countdownParts } from '../race-model';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * A live countdown to `endsAt` in days, hours, minutes and seconds, ticking every second on the server's clock
 * (`clockOffset`, so a device clock set wrong does not matter). `onEnd` runs once when it reaches zero.
 */
export function Countdown({
  endsAt,
  clockOffset,
  onEnd,
  compact = false,
}: {
  endsAt: string;
  clockOffset: number;
  onEnd?: () => void;
  /** Smaller boxes, for a card rather than a page's head. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const parts = countdownParts(Date.parse(endsAt), useNow({ every: 'second', offsetMs: clockOffset }));
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  }, [onEnd]);
  useEffect(() => {
    if (parts.over) ended.current?.();
  }, [parts.over]);
  return (
    <div role="timer" className="flex gap-2 wide:gap-3" data-testid="countdown">
      <span className="sr-only">{t('races.countdown.label', { ...parts })}</span>
      {UNITS.map((unit) => (
        <div
          key={unit}
          aria-hidden
          className={clsx(
            'flex flex-col items-center rounded-xl border border-border bg-bg/70',
            compact ? 'min-w-12 px-2 py-1.5' : 'min-w-15 px-2.5 py-2 wide:min-w-18 wide:py-3',
          )}
        >
          <span
            className={clsx('font-extrabold leading-none tabular-nums', compact ? 'text-xl' : 'text-2xl wide:text-3xl')}
            data-testid={`countdown-${unit}`}
          >
            {unit === 'days' ? parts[unit] : String(parts[unit]).padStart(2, '0')}
          </span>
          <span className="mt-1 text-xs text-muted">{t(`races.countdown.${unit}`)}</span>
        </div>
      ))}
    </div>
  );
}
