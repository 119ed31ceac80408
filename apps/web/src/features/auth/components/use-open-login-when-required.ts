import { useEffect } from 'react';
import { useSession } from '../../../shared/session/session';
import { useLoginDialog } from '../../../shared/session/login-dialog';

/** Opens the login dialog when the server answered 401 (spec section 4). */
export function useOpenLoginWhenRequired(): void {
  const required = useSession((s) => s.loginRequired);
  const show = useLoginDialog((s) => s.show);
  useEffect(() => {
    if (required) {
      show(0);
      useSession.getState().setLoginRequired(false);
    }
  }, [required, show]);
}
