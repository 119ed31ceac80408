import { useTranslation } from 'react-i18next';
import { Eye, Share2, UserPlus, type LucideIcon } from 'lucide-react';
import { formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { GoalProgress } from '../../../shared/ui/goal-progress';
import type { ConditionKey, ConditionProgress } from '../campaign-model';

const icons: Record<ConditionKey, LucideIcon> = { watched: Eye, invites: UserPlus, shares: Share2 };

/** One condition: what it asks, the caller's figure against it and a bar; without a figure, only the goal. */
export function ConditionBar({ progress, showFigure }: { progress: ConditionProgress; showFigure: boolean }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const { key, required, actual, met } = progress;
  return (
    <GoalProgress
      icon={icons[key]}
      label={t(`campaigns.conditions.${key}`)}
      actual={actual}
      required={required}
      met={met}
      status={
        showFigure ? undefined : (
          <span className="shrink-0 text-muted">
            {t('campaigns.conditions.goal', { n: formatInteger(required, lang) })}
          </span>
        )
      }
      bar={showFigure}
      testId={`condition-${key}`}
    />
  );
}
