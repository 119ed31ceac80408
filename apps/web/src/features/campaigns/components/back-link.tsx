import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { paths } from '../../../shared/routing/paths';

/** The way back from one campaign to the campaign center. */
export function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.activityCenter}
      className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg pr-3 text-sm font-semibold text-muted hover:text-fg"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t('campaigns.detail.seeAll')}
    </Link>
  );
}
