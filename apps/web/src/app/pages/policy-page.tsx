import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/page';
import { DocumentView } from '../../features/content';

export default function PolicyPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.userAgreement')} narrow hideTitle>
      <DocumentView type="user_agreement" />
    </Page>
  );
}
