import type { QueryClient } from '@tanstack/react-query';
import { userCalls } from '@taice/contract';
import { call } from '../../shared/api/client';
import { logoutLocally } from './logout';

/** The logout button: end the session on the server (best effort), then on this device. */
export async function logout(queryClient: QueryClient, goHome: () => void): Promise<void> {
  try {
    await call(userCalls.logout, {}, { silent: true });
  } catch {
    // Offline or already ended: the device still logs out.
  }
  logoutLocally({ queryClient, goHome });
}
