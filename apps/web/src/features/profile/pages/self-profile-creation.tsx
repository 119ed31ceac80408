import { useTranslation } from 'react-i18next';
import { useMe } from '../../../shared/session/api/use-me';
import { EmptyState } from '../../../shared/ui/states';

/** The Creation tab: the user's own videos. */
export default function SelfProfileCreation() {
  const { t } = useTranslation();
  const user = useMe().data;
  if (!user) return null;
  // Publishing arrives with the videos module; until then every account has no videos.
  return <EmptyState title={t('profile.noVideosYou')} text={t('profile.noVideosYouText')} />;
}
