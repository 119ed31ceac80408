import { isErrorKey, toApiLang, type UserInfo, errorMessage } from '@taice/contract';
import { queryClient } from '../../shared/api/query-client';
import { currentLang, i18n, i18nReady } from '../../shared/i18n/i18n';
import { notify } from '../../shared/ui/toast';
import { keepUser, ME_QUERY_KEY } from '../../shared/session/api/use-me';
import { completeLogin } from '../../shared/session/complete-login';
import { routeReplacer } from './route-replacer';

/** Why an outside sign-in was started: to log in, or to bind it to the logged-in account. */
export type IdentityIntent = 'login' | 'bind';

/** After an outside login (Google, Telegram, TON): 'Login Success', then the common login steps. */
export async function finishOutsideLogin(result: { user: UserInfo; token: string }): Promise<void> {
  await i18nReady;
  notify.success(i18n.t('auth.loginSuccess'));
  await completeLogin(result, { queryClient, pathname: window.location.pathname, replace: routeReplacer() });
}

/** After a bind call: the answer is the updated user; keep it everywhere and say so. */
export async function storeBoundUser(user: UserInfo, message: 'bindSuccess' | 'bindWalletSuccess'): Promise<void> {
  // A user-info request still under way (sent before the bind) must not put the old bindings back.
  await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
  keepUser(queryClient, user);
  await i18nReady;
  notify.success(i18n.t(`identities.${message}`));
}

/** An error key the server left in an address (`#google_error=...`), worded in the chosen language. */
export function wordedErrorKey(key: string, params?: Record<string, string>): string {
  return isErrorKey(key) ? errorMessage(key, toApiLang(currentLang()), params) : i18n.t('errors.requestError');
}

/**
 * Removes what an outside sign-in left in the address (the fragment, and the
 * named query parameters) without a navigation, keeping the router's state.
 */
export function stripFromAddress(queryParams: string[] = []): void {
  const url = new URL(window.location.href);
  for (const name of queryParams) url.searchParams.delete(name);
  url.hash = '';
  window.history.replaceState(window.history.state, '', url.pathname + url.search);
}
