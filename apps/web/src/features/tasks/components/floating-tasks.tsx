import { lazy, Suspense } from 'react';
import { withAllTexts } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session';

// The button and its dialog code load only for members.
const Panel = lazy(
  withAllTexts(() => import('./floating-tasks-panel').then((m) => ({ default: m.FloatingTasksPanel }))),
);

/**
 * The floating tasks panel (spec section 2, overlays) of a logged-in user. `docked`: the button sits in
 * the phone's tab bar instead of floating over the page.
 */
export function FloatingTasks({ docked = false }: { docked?: boolean }) {
  const loggedIn = useSession((s) => s.token !== null);
  if (!loggedIn) return null;
  return (
    <Suspense fallback={docked ? <span className="mx-3 size-12 shrink-0" /> : null}>
      <Panel docked={docked} />
    </Suspense>
  );
}
