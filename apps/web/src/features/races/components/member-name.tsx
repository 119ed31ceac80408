import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { creatorPath } from '../../../shared/routing/paths';
import { Avatar } from '../../../shared/ui/avatar';

/** A member on a board or in a list: avatar and name (to their profile), "You" for the caller, and a line below if given. */
export function MemberName({
  userId,
  name,
  avatar,
  isMe = false,
  detail,
  className,
}: {
  userId: number;
  name: string;
  avatar: string;
  isMe?: boolean;
  detail?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={clsx('flex min-w-0 items-center gap-2.5', className)}>
      <Avatar src={avatar} name={name} className="size-9 wide:size-10" />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-1.5">
          <Link to={creatorPath(userId)} className="truncate font-semibold hover:underline" data-testid="member-name">
            {name}
          </Link>
          {isMe && (
            <span className="shrink-0 rounded-full bg-accent px-1.5 py-px text-xs font-bold text-accent-fg">
              {t('races.you')}
            </span>
          )}
        </div>
        {detail && <p className="truncate text-xs text-muted">{detail}</p>}
      </div>
    </div>
  );
}
