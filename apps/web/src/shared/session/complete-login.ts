import { LOGIN_FLAG_CLEAR_MS, type UserInfo } from '@taice/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths } from '../routing/paths';
import { fetchMe, keepUser } from './api/use-me';
import { useGuide } from './guide';
import { useLoginDialog } from './login-dialog';
import { useSession } from './session';

interface Options {
  queryClient: QueryClient;
  pathname: string;
  replace: (path: string) => void;
}

/**
 * After any successful login (spec section 4), whatever the method: keep the
 * user and token, reload the user info, show the new-user guide to a user who
 * has not seen it, send /Started on to /Success, and close the login dialog after 1 s.
 */
export async function completeLogin(result: { user: UserInfo; token: string }, options: Options): Promise<void> {
  useSession.getState().signIn(result.token, result.user);
  let user = result.user;
  try {
    user = await fetchMe({ silent: true });
  } catch {
    // The login answer already carried the user.
  }
  keepUser(options.queryClient, user);
  if (user.is_new_desc === 0) useGuide.getState().show();
  if (matchPath(paths.started, options.pathname)) options.replace(paths.success);
  setTimeout(() => useLoginDialog.getState().close(), LOGIN_FLAG_CLEAR_MS);
}
