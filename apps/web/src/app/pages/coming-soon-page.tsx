import { Link } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { Hammer } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { Page } from '../../shared/ui/page';

/** An honest page for a screen whose feature has not been built yet. */
export function ComingSoonPage({ titleKey }: { titleKey: ParseKeys }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <Page title={title}>
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-border px-4 py-16 text-center">
        <Hammer className="size-12 text-muted" aria-hidden />
        <p className="text-xl font-semibold">{t('common.comingSoon')}</p>
        <p className="max-w-md text-muted">{t('pages.comingSoonText')}</p>
        <Link
          to={paths.home}
          className="inline-flex min-h-11 items-center rounded-lg border border-border px-5 hover:bg-surface-2"
        >
          {t('common.backHome')}
        </Link>
      </div>
    </Page>
  );
}
