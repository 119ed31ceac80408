import { Link } from 'react-router';
import { profileEditPath } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { copyText } from '../../../shared/ui/copy';
import { useMe } from '../../../shared/session/api/use-me';
import { inviteLink } from '../../../shared/session/invitation';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-14 items-center justify-between gap-4 border-b border-border px-4 last:border-b-0">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 truncate text-right">{children}</dd>
    </div>
  );
}

/** The My tab: account details. */
export default function SelfProfileMy() {
  const { t } = useTranslation();
  const user = useMe().data;
  if (!user) return null;
  return (
    <dl className="overflow-hidden rounded-xl border border-border bg-surface">
      <Row label={t('profile.userId')}>{user.id}</Row>
      <Row label={t('auth.email')}>
        {user.email || (
          <Link to={profileEditPath('email')} className="text-accent-text underline">
            {t('profile.addEmail')}
          </Link>
        )}
      </Row>
      <Row label={t('profile.wallet')}>{user.chain_address || t('profile.notBound')}</Row>
      <Row label={t('profile.inviteCode')}>
        <button
          className="inline-flex min-h-11 items-center gap-2 font-mono font-semibold"
          onClick={() => void copyText(inviteLink(user.invite_code))}
          aria-label={t('profile.copyInvite')}
        >
          {user.invite_code}
          <Copy className="size-4" aria-hidden />
        </button>
      </Row>
      <Row label={t('profile.invited')}>{user.invite_num}</Row>
    </dl>
  );
}
