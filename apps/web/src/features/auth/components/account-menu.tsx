import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths, profileEditPath } from '../../../shared/routing/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@taice/contract';
import * as Popover from '@radix-ui/react-popover';
import { Bell, Copy, Link2, LogOut, Pencil, Upload, User } from 'lucide-react';
import { formatHeaderCount } from '../../../shared/lib/format';
import { useIsWide } from '../../../shared/hooks/use-media-query';
import { Avatar } from '../../../shared/ui/avatar';
import { copyText } from '../../../shared/ui/copy';
import { LevelBar } from '../../../shared/ui/level-bar';
import { inviteLink } from '../../../shared/session/invitation';
import { logout } from '../../../shared/session/logout';

function Stat({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex flex-col items-center">
      <span className="text-lg font-bold">{formatHeaderCount(value)}</span>
      <span className="text-xs text-muted">{label}</span>
    </div>
  );
}

/** A member's upload, messages and profile popup (spec section 2). */
export function AccountMenu({ user, popupExtra }: { user: UserInfo; popupExtra?: ReactNode }) {
  const { t } = useTranslation();
  const wide = useIsWide();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };
  const unread = user.unread_num;
  return (
    <div className="flex items-center gap-1">
      {wide && (
        <Link
          to={paths.uploadVideo}
          className="grid size-11 place-items-center rounded-full hover:bg-surface-2"
          aria-label={t('header.upload')}
          title={t('header.upload')}
        >
          <Upload className="size-6" aria-hidden />
        </Link>
      )}
      <Link
        to={paths.messageCenter}
        className="relative grid size-11 place-items-center rounded-full hover:bg-surface-2"
        aria-label={
          unread > 0 ? `${t('header.messages')}, ${t('header.unread', { count: unread })}` : t('header.messages')
        }
        title={t('header.messages')}
      >
        <Bell className="size-6" aria-hidden />
        {unread > 0 && (
          <span className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-[0.8rem] font-bold leading-5 text-white">
            {formatHeaderCount(unread)}
          </span>
        )}
      </Link>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger className="ml-1 rounded-full" aria-label={t('profile.menu')}>
          <Avatar src={user.avatar} name={user.nickname} className="size-10" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            className="z-40 w-[min(92vw,24rem)] rounded-xl border border-border bg-surface p-4 shadow-2xl"
          >
            <div className="flex items-center gap-3">
              <Avatar src={user.avatar} name={user.nickname} className="size-14" />
              <div className="min-w-0">
                <p className="truncate text-lg font-bold">{user.nickname}</p>
                <p className="truncate text-sm text-muted">{user.email || `ID ${user.id}`}</p>
              </div>
            </div>
            <div className="mt-4 grid grid-cols-3 rounded-lg bg-surface-2 py-2">
              <Stat value={user.post_num} label={t('profile.posts')} />
              <Stat value={user.be_follow_num} label={t('profile.followers')} />
              <Stat value={user.follow_num} label={t('profile.following')} />
            </div>
            <div className="mt-4">
              <LevelBar level={user.user_level} />
            </div>
            {popupExtra && <div className="mt-3">{popupExtra}</div>}
            <ul className="mt-3 flex flex-col">
              {/* Phones have no upload icon in the header: the upload page is reached from here. */}
              {!wide && (
                <li>
                  <button
                    className="flex min-h-11 w-full items-center gap-3 rounded-md px-2 hover:bg-surface-2"
                    onClick={() => go(paths.uploadVideo)}
                  >
                    <Upload className="size-5" aria-hidden />
                    {t('header.upload')}
                  </button>
                </li>
              )}
              <li>
                <button
                  className="flex min-h-11 w-full items-center gap-3 rounded-md px-2 hover:bg-surface-2"
                  onClick={() => go(paths.selfProfileMy)}
                >
                  <User className="size-5" aria-hidden />
                  {t('profile.myProfile')}
                </button>
              </li>
              <li>
                <button
                  className="flex min-h-11 w-full items-center gap-3 rounded-md px-2 hover:bg-surface-2"
                  onClick={() => go(paths.profileEdit)}
                >
                  <Pencil className="size-5" aria-hidden />
                  {t('profile.edit')}
                </button>
              </li>
              <li>
                <button
                  className="flex min-h-11 w-full items-center gap-3 rounded-md px-2 hover:bg-surface-2"
                  onClick={() => go(profileEditPath('bind'))}
                >
                  <Link2 className="size-5" aria-hidden />
                  {t('profile.bindAccount')}
                </button>
              </li>
              <li>
                <button
                  className="flex min-h-11 w-full items-center gap-3 rounded-md px-2 hover:bg-surface-2"
                  onClick={() => void copyText(inviteLink(user.invite_code))}
                >
                  <Copy className="size-5" aria-hidden />
                  {t('profile.copyInvite')}
                </button>
              </li>
              <li className="mt-1 border-t border-border pt-1">
                <button
                  className="flex min-h-11 w-full items-center gap-3 rounded-md px-2 text-danger hover:bg-surface-2"
                  onClick={() => {
                    setOpen(false);
                    void logout(queryClient, () => void navigate(paths.home, { replace: true }));
                  }}
                >
                  <LogOut className="size-5" aria-hidden />
                  {t('profile.logout')}
                </button>
              </li>
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
