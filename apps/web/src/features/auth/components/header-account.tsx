import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { useLoginDialog } from '../stores/login-dialog';

/** Log In and Sign up when logged out (spec section 2). */
export function HeaderAccount() {
  const { t } = useTranslation();
  const show = useLoginDialog((s) => s.show);
  return (
    <div className="flex items-center gap-2">
      <Button variant="ghost" size="sm" onClick={() => show(2)}>
        {t('header.logIn')}
      </Button>
      <Button size="sm" onClick={() => show(1)}>
        {t('header.signUp')}
      </Button>
    </div>
  );
}
