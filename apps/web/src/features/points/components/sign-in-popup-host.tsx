import { lazy, Suspense } from 'react';
import { withAllTexts } from '../../../shared/i18n/i18n';
import { useSignInPopup } from '../stores/sign-in-popup';

const SignInDialog = lazy(withAllTexts(() => import('./sign-in-dialog').then((m) => ({ default: m.SignInDialog }))));

/** Mounts the sign-in pop-up the first time it is needed, so its code is not part of the first page load. */
export function SignInPopupHost() {
  const used = useSignInPopup((s) => s.used);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  );
}
