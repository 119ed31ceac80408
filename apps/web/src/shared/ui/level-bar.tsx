import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@taice/contract';
import { formatBalance } from '../lib/format';
import { usePreferences } from '../stores/preferences';

/** Level number and progress to the next level (now_point / max_point). */
export function LevelBar({ level }: { level: UserInfo['user_level'] }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const ratio = level.max_point > 0 ? Math.min(1, level.now_point / level.max_point) : 1;
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-fg">
          {t('profile.level', { level: level.level_no })}
        </span>
        <span className="text-muted">
          {formatBalance(level.now_point, lang)} / {formatBalance(level.max_point, lang)}
        </span>
      </div>
      <div
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-surface-2"
        role="progressbar"
        aria-label={t('profile.levelProgress')}
        aria-valuemin={0}
        aria-valuemax={level.max_point}
        aria-valuenow={level.now_point}
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-700"
          style={{ width: `${ratio * 100}%` }}
        />
      </div>
    </div>
  );
}
