// The profile feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
import { lazyPage } from '../../shared/ui/lazy-page';

export const SelfProfilePage = lazyPage(() => import('./pages/self-profile-page'));
export const SelfProfileMy = lazyPage(() => import('./pages/self-profile-my'));
export const SelfProfileCreation = lazyPage(() => import('./pages/self-profile-creation'));
export const ProfilePage = lazyPage(() => import('./pages/profile-page'));
export const ProfileEditPage = lazyPage(() => import('./pages/profile-edit-page'));
export const StartedPage = lazyPage(() => import('./pages/started-page'));
export const SuccessPage = lazyPage(() => import('./pages/success-page'));
