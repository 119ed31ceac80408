import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/Home" className="flex min-h-11 items-center gap-2 rounded-md" aria-label={t('header.home')}>
      <img src="/favicon.svg" alt="" className="size-9" />
      <span className="text-xl font-extrabold tracking-wide">TAICE</span>
    </Link>
  );
}
