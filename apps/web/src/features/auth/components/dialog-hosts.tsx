import { lazyHost } from '../../../shared/ui/lazy-host';
import { useGuide } from '../../../shared/session/guide';
import { useLoginDialog } from '../../../shared/session/login-dialog';

// The login dialog and the new-user guide load their code when first opened, not with the page.
export const LoginDialog = lazyHost(
  () => import('./login-dialog').then((m) => m.LoginDialog),
  () => useLoginDialog((s) => s.open),
);
export const NewUserGuide = lazyHost(
  () => import('./new-user-guide').then((m) => m.NewUserGuide),
  () => useGuide((s) => s.open),
);
