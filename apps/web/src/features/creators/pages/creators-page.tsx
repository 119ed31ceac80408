import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/ui/page';
import { useCreatorList } from '../api/use-creator-list';
import { CreatorList } from '../components/creator-list';

/** /Creators: creators with published videos, most followed first. */
export default function CreatorsPage() {
  const { t } = useTranslation();
  const creators = useCreatorList();
  return (
    <Page title={t('routes.Creators')}>
      <CreatorList
        query={creators}
        empty={{
          title: t('creator.noCreators'),
          text: t('creator.noCreatorsText'),
          action: (
            <Link
              to={paths.videos}
              className="inline-flex min-h-11 items-center rounded-lg border border-border px-5 hover:bg-surface-2"
            >
              {t('home.startWatching')}
            </Link>
          ),
        }}
      />
    </Page>
  );
}
