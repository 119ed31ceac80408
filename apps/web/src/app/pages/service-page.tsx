import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Page } from '../../shared/ui/page';
import { DocumentView } from '../../features/content';

/** /Service?active=0 is the Privacy Policy, active=1 the Terms of Service (spec section 2). */
export default function ServicePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = params.get('active') === '1' ? 1 : 0;
  const tabs = [t('pages.privacyPolicy'), t('pages.termsOfService')];
  return (
    <Page title={tabs[active] ?? t('pages.serviceTitle')} narrow hideTitle>
      <div
        role="tablist"
        aria-label={t('pages.serviceTitle')}
        className="mb-6 inline-flex rounded-full border border-border bg-surface p-1"
      >
        {tabs.map((label, i) => (
          <button
            key={label}
            role="tab"
            aria-selected={active === i}
            aria-controls="service-panel"
            onClick={() => setParams({ active: String(i) }, { replace: true })}
            className={clsx(
              'min-h-11 rounded-full px-5 text-base',
              active === i ? 'bg-accent font-semibold text-accent-fg' : 'text-muted hover:text-fg',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="service-panel" role="tabpanel">
        <DocumentView key={active} type={active === 1 ? 'terms_of_service' : 'privacy_policy'} />
      </div>
    </Page>
  );
}
