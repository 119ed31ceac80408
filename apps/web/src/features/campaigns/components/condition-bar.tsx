import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CircleCheck, Eye, Share2, UserPlus, type LucideIcon } from 'lucide-react';
import { formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { progressRatio, type ConditionKey, type ConditionProgress } from '../campaign-model';

const icons: Record<ConditionKey, LucideIcon> = { watched: Eye, invites: UserPlus, shares: Share2 };

/** One condition: what it asks, the caller's figure against it and a bar; without a figure, only the goal. */
export function ConditionBar({ progress, showFigure }: { progress: ConditionProgress; showFigure: boolean }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const { key, required, actual, met } = progress;
  const Icon = icons[key];
  const label = t(`campaigns.conditions.${key}`);
  return (
    <li className="flex flex-col gap-1.5" data-testid={`condition-${key}`}>
      <div className="flex min-h-6 items-center justify-between gap-3 text-sm">
        <span className="flex min-w-0 items-center gap-1.5">
          <Icon className="size-4 shrink-0 text-muted" aria-hidden />
          <span className="truncate">{label}</span>
        </span>
        {showFigure ? (
          <span
            className={clsx('shrink-0 tabular-nums', met ? 'font-semibold text-success' : 'text-muted')}
            data-testid="condition-figure"
          >
            {met && <CircleCheck className="mr-1 inline size-4 align-[-0.15em]" aria-hidden />}
            <span className="text-fg">{formatInteger(actual, lang)}</span> / {formatInteger(required, lang)}
          </span>
        ) : (
          <span className="shrink-0 text-muted">
            {t('campaigns.conditions.goal', { n: formatInteger(required, lang) })}
          </span>
        )}
      </div>
      {showFigure && (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={required}
          aria-valuenow={Math.min(actual, required)}
          className="h-2 overflow-hidden rounded-full bg-surface-2"
        >
          <div
            className={clsx('h-full rounded-full transition-[width] duration-700', met ? 'bg-success' : 'bg-accent')}
            style={{ width: `${progressRatio(actual, required) * 100}%` }}
          />
        </div>
      )}
    </li>
  );
}
