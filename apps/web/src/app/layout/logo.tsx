import { Link } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { useTranslation } from 'react-i18next';

/** The logo; `compact` (a phone's header with the balance in it) shows the mark alone. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.home} className="flex min-h-11 items-center gap-2 rounded-md" aria-label={t('header.home')}>
      <img src="/favicon.svg" alt="" className="size-9" />
      {!compact && <span className="text-xl font-extrabold tracking-wide">TAICE</span>}
    </Link>
  );
}
