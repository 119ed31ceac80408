import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListChecks, TriangleAlert } from 'lucide-react';
import { paths } from '../../../shared/routing/paths';

/** A link that looks like the primary button. */
export const linkButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 font-semibold bg-accent text-accent-fg hover:brightness-105';

/** 'Insufficient TAICE Currently', and the way to earn more (spec section 9). */
export function EarnMore() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-5 shrink-0 text-warning" aria-hidden />
        {t('exchange.insufficient')}
      </p>
      <p className="text-sm text-muted">{t('exchange.earnMore')}</p>
      <Link to={paths.dailyTask} className={linkButton}>
        <ListChecks className="size-5" aria-hidden />
        {t('exchange.goToTasks')}
      </Link>
    </div>
  );
}
