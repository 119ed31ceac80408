import { lazy, Suspense, type ReactNode } from 'react';
import { withAllTexts } from '../../../shared/i18n/i18n';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { useMe } from '../../../shared/session/api/use-me';
import { useLoginDialog } from '../../../shared/session/login-dialog';

// A member's menu (and its popover code) loads only for members.
const AccountMenu = lazy(withAllTexts(() => import('./account-menu').then((m) => ({ default: m.AccountMenu }))));

/**
 * Logged out: Log In and Sign up. Logged in: upload, messages and the profile
 * popup (spec section 2); `popupExtra` (the TAICE figures) shows under the level.
 */
export function HeaderAccount({ popupExtra }: { popupExtra?: ReactNode }) {
  const { t } = useTranslation();
  const show = useLoginDialog((s) => s.show);
  const me = useMe();
  const user = me.data;

  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={() => show(0)}>
          {t('header.logIn')}
        </Button>
        <Button size="sm" onClick={() => show(1)}>
          {t('header.signUp')}
        </Button>
      </div>
    );
  }
  return (
    <Suspense fallback={<div className="size-11" />}>
      <AccountMenu user={user} popupExtra={popupExtra} />
    </Suspense>
  );
}
