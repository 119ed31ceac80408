import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/page';
import { DocumentView, ContactLinks } from '../../features/content';

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.aboutTitle')} narrow hideTitle>
      <DocumentView type="about_us" />
      <section className="mt-8" aria-labelledby="contact">
        <h2 id="contact" className="mb-3 text-xl font-bold">
          {t('pages.contactTitle')}
        </h2>
        <ContactLinks />
      </section>
    </Page>
  );
}
