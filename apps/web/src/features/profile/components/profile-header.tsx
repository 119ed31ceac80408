import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fansPath, followingPath } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import type { PublicProfile } from '@taice/contract';
import { formatHeaderCount } from '../../../shared/lib/format';
import { Avatar } from '../../../shared/ui/avatar';
import { LevelBar } from '../../../shared/ui/level-bar';
import { SocialLinks } from './social-links';

/** The top of a profile: avatar, names, counts, level and social links. */
export function ProfileHeader({ profile, actions }: { profile: PublicProfile; actions?: ReactNode }) {
  const { t } = useTranslation();
  const counts = [
    { value: profile.post_num, label: t('profile.posts'), to: undefined },
    { value: profile.be_follow_num, label: t('profile.followers'), to: fansPath(profile.id) },
    { value: profile.follow_num, label: t('profile.following'), to: followingPath(profile.id) },
  ];
  return (
    <section className="rounded-xl border border-border bg-surface p-5 wide:p-8">
      <div className="flex flex-col gap-5 wide:flex-row wide:items-center">
        <div className="flex items-center gap-4">
          <Avatar src={profile.avatar} name={profile.nickname} className="size-20 text-3xl wide:size-28" />
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-bold">{profile.nickname}</h1>
            <p className="text-sm text-muted">ID {profile.id}</p>
            <SocialLinks profile={profile} />
          </div>
        </div>
        <div className="flex-1" />
        <div className="flex flex-col gap-4 wide:w-[28rem]">
          <dl className="grid grid-cols-3 rounded-lg bg-surface-2 py-3 text-center">
            {counts.map((c) => (
              <div key={c.label} className="relative flex flex-col">
                <dt className="order-2 text-xs text-muted">
                  {c.to ? (
                    <Link to={c.to} className="after:absolute after:inset-0 hover:text-fg">
                      {c.label}
                    </Link>
                  ) : (
                    c.label
                  )}
                </dt>
                <dd className="order-1 text-xl font-bold">{formatHeaderCount(c.value)}</dd>
              </div>
            ))}
          </dl>
          <LevelBar level={profile.user_level} />
          {actions}
        </div>
      </div>
    </section>
  );
}
