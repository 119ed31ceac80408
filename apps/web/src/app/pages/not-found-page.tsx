import { Link } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/page';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.notFoundTitle')} narrow hideTitle>
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-[6rem] font-black leading-none text-accent-text">404</p>
        <h1 className="text-2xl font-bold">{t('pages.notFoundTitle')}</h1>
        <p className="max-w-md text-muted">{t('pages.notFoundText')}</p>
        <Link
          to={paths.home}
          className="inline-flex min-h-11 items-center rounded-lg bg-accent px-5 font-semibold text-accent-fg"
        >
          {t('common.backHome')}
        </Link>
      </div>
    </Page>
  );
}
