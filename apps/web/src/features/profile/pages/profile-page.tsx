import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useQueryClient } from '@tanstack/react-query';
import type { PublicProfile } from '@taice/contract';
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { ApiError } from '../../../shared/api/client';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { useSessionUser } from '../../../shared/session/api/use-me';
import { useProfile } from '../api/use-profile';
import { ProfileHeader } from '../components/profile-header';
import { CreatorFollowButton } from '../../creators';
import { AuthorVideos } from '../../videos';

/** /Profile?id=: someone's public profile. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const me = useSessionUser();
  const profile = useProfile(Number.isInteger(id) && id > 0 ? id : null);
  const queryClient = useQueryClient();

  if (!(Number.isInteger(id) && id > 0)) {
    return (
      <Page title={t('routes.Profile')}>
        <EmptyState title={t('profile.notFound')} />
      </Page>
    );
  }
  return (
    <Page title={profile.data?.nickname ?? t('routes.Profile')} hideTitle>
      {profile.isPending ? (
        <Skeleton className="h-56 w-full rounded-xl" />
      ) : profile.isError ? (
        profile.error instanceof ApiError && profile.error.code === 11017 ? (
          <EmptyState title={t('profile.notFound')} />
        ) : (
          <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />
        )
      ) : (
        <>
          <ProfileHeader
            profile={profile.data}
            actions={
              me?.id === profile.data.id ? (
                <Link
                  to={paths.profileEdit}
                  className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-border px-4 hover:bg-surface-2"
                >
                  <Pencil className="size-5" aria-hidden />
                  {t('profile.edit')}
                </Link>
              ) : (
                <CreatorFollowButton
                  userId={profile.data.id}
                  onChange={(state) =>
                    queryClient.setQueryData<PublicProfile>(['profile', profile.data.id], (old) =>
                      old ? { ...old, be_follow_num: state.be_follow_num } : old,
                    )
                  }
                />
              )
            }
          />
          <h2 className="mb-3 mt-6 text-xl font-bold">{t('profile.videos')}</h2>
          <AuthorVideos authorId={profile.data.id} mine={me?.id === profile.data.id} />
        </>
      )}
    </Page>
  );
}
