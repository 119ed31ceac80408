import { LOGIN_FLAG_CLEAR_MS, userCalls, type UserInfo } from '@taice/contract';
import { matchPath } from 'react-router';
import { paths } from '../../shared/routing/paths';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { useSession } from '../../shared/stores/session';
import { ME_QUERY_KEY } from './api/use-me';
import { useGuide } from './stores/guide';
import { useLoginDialog } from './stores/login-dialog';

interface Options {
  queryClient: QueryClient;
  pathname: string;
  replace: (path: string) => void;
}

/**
 * After any successful login (spec section 4): keep the user and token,
 * reload the user info, show the new-user guide to a user who has not seen
 * it, send /Started on to /Success, and close the login dialog after 1 s.
 */
export async function completeLogin(result: { user: UserInfo; token: string }, options: Options): Promise<void> {
  useSession.getState().signIn(result.token, result.user);
  let user = result.user;
  try {
    user = await call(userCalls.userInfo, {}, { silent: true });
    useSession.getState().setUser(user);
  } catch {
    // The login answer already carried the user.
  }
  options.queryClient.setQueryData(ME_QUERY_KEY, user);
  if (user.is_new_desc === 0) useGuide.getState().show();
  if (matchPath(paths.started, options.pathname)) options.replace(paths.success);
  setTimeout(() => useLoginDialog.getState().close(), LOGIN_FLAG_CLEAR_MS);
}
