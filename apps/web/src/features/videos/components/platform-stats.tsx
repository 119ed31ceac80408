import { useTranslation } from 'react-i18next';
import { Clock, SquarePlay, Users } from 'lucide-react';
import { formatInteger, formatWatchTotal } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Skeleton } from '../../../shared/ui/states';
import { useHomeDataCount } from '../api/use-home-data-count';

/** Home figures from dataCount: registrations, videos, total watch time. */
export function PlatformStats() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const counts = useHomeDataCount();
  if (counts.isError) return null;
  const items = [
    {
      Icon: Users,
      label: t('home.registrations'),
      value: counts.data && formatInteger(counts.data.register_num, lang),
    },
    { Icon: SquarePlay, label: t('home.videoCount'), value: counts.data && formatInteger(counts.data.video_num, lang) },
    {
      Icon: Clock,
      label: t('home.watchTime'),
      value: counts.data && formatWatchTotal(counts.data.watch_duration, lang),
    },
  ];
  return (
    <section aria-label={t('home.figures')}>
      <dl className="grid grid-cols-3 gap-2 wide:gap-4">
        {items.map(({ Icon, label, value }) => (
          <div
            key={label}
            className="flex min-w-0 flex-col items-center gap-1 rounded-xl border border-border bg-surface px-2 py-3 text-center wide:items-start wide:px-5 wide:py-4 wide:text-left"
          >
            <dt className="flex flex-col items-center gap-1 text-xs text-muted wide:flex-row wide:gap-2 wide:text-sm">
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text">
                <Icon className="size-5" aria-hidden />
              </span>
              {label}
            </dt>
            <dd className="whitespace-nowrap text-lg font-extrabold tabular-nums wide:text-2xl">
              {value ?? <Skeleton className="h-6 w-16" />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
