// The referral feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
import { lazyPage } from '../../shared/ui/lazy-page';

export const InvitationPage = lazyPage(() => import('./pages/invitation-page'));
