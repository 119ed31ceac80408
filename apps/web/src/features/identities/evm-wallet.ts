import { ApiError } from '../../shared/api/client';
import { i18n } from '../../shared/i18n/i18n';
import { readStorage, storageKeys, writeStorage } from '../../shared/lib/storage';
import { useSession } from '../../shared/session/session';
import { confirm } from '../../shared/ui/confirm';
import { notify } from '../../shared/ui/toast';
import { storedInvitationCode } from '../../shared/session/invitation';
import { walletBind } from './api/wallet-bind';
import { walletLogin } from './api/wallet-login';
import { walletNonce } from './api/wallet-nonce';
import type * as EvmSession from './evm-session';
import type { EvmWalletOption } from './evm-wallets';
import { finishOutsideLogin, storeBoundUser } from './outcomes';
import { fetchAuthProviders } from '../../shared/api/auth-providers';
import { useWalletBindDialog } from './wallet-bind-store';

let evmModule: Promise<typeof EvmSession> | null = null;
/** wagmi and viem are large: they load when a wallet is first used. */
const evmSession = () => (evmModule ??= import('./evm-session'));

/** The wallet-terms dialog, once per device: what signing means before the first wallet use. */
async function acceptWalletTerms(): Promise<boolean> {
  if (readStorage(storageKeys.walletTerms) === '1') return true;
  const accepted = await confirm({
    title: i18n.t('identities.walletTermsTitle'),
    message: i18n.t('identities.walletTermsText'),
    icon: 'warning',
    confirmText: i18n.t('identities.walletTermsAgree'),
  });
  if (accepted) writeStorage(storageKeys.walletTerms, '1');
  return accepted;
}

/** Wallet errors show their reason (spec section 8); server answers were already shown by the client. */
function showWalletError(error: unknown): void {
  if (error instanceof ApiError) return;
  const e = error as { shortMessage?: string; reason?: string; data?: { message?: string }; message?: string };
  notify.error(e.shortMessage ?? e.reason ?? e.data?.message ?? e.message ?? i18n.t('errors.requestError'));
}

/** Connects the chosen wallet and signs a fresh server nonce; null when there is no wallet to connect. */
async function signNonce(option: EvmWalletOption) {
  const { wallet_connect_project_id: projectId } = await fetchAuthProviders();
  const evm = await evmSession();
  const address = await evm.connectWallet(option, projectId);
  if (!address) {
    notify.warning(i18n.t('identities.connectWallet'));
    // A wallet that is not installed opens its download page (spec section 8, Bitget).
    if (option.id !== 'walletconnect') window.open(option.download, '_blank', 'noopener');
    return null;
  }
  const { message } = await walletNonce({ chain_address: address });
  return { chain_address: address, message, signature: await evm.sign(message) };
}

/** Log in (or sign up) with an EVM wallet; true when logged in. */
export async function logInWithEvmWallet(option: EvmWalletOption): Promise<boolean> {
  try {
    if (!(await acceptWalletTerms())) return false;
    const proof = await signNonce(option);
    if (!proof) return false;
    const result = await walletLogin({ ...proof, invite_code: storedInvitationCode() || undefined });
    await finishOutsideLogin(result);
    return true;
  } catch (error) {
    showWalletError(error);
    return false;
  }
}

/** Bind an EVM wallet to the logged-in account; true when bound. */
export async function bindWithEvmWallet(option: EvmWalletOption): Promise<boolean> {
  try {
    if (!(await acceptWalletTerms())) return false;
    const proof = await signNonce(option);
    if (!proof) return false;
    await storeBoundUser(await walletBind(proof), 'bindWalletSuccess');
    return true;
  } catch (error) {
    showWalletError(error);
    return false;
  }
}

/** The bind entries (profile popup, /profile-edit): open the wallet choice. */
export async function bindEvmWallet(): Promise<void> {
  useWalletBindDialog.getState().show();
}

/** Opens wallet discovery before the user picks (extensions announce themselves asynchronously). */
export async function prepareEvmWallets(): Promise<void> {
  const { wallet_connect_project_id: projectId } = await fetchAuthProviders();
  (await evmSession()).prepare(projectId);
}

/** The bound address of the logged-in user, '' when none. */
export function boundAddress(): string {
  const user = useSession.getState().user as { chain_address?: string } | null;
  return user?.chain_address ?? '';
}

let watching: Promise<() => void> | null = null;

/**
 * Spec section 4: once a wallet is connected, an address different from the
 * user's chain_address means someone else is at the wallet: `onMismatch` logs out.
 */
export async function watchEvmAccount(onMismatch: () => void): Promise<void> {
  watching ??= evmSession().then((evm) =>
    evm.watchAddress((address) => {
      const bound = boundAddress();
      if (useSession.getState().token && bound && address !== bound) onMismatch();
    }),
  );
  try {
    await watching;
  } catch (error) {
    // The wallet could not be reached this time: the next login or reload tries again.
    watching = null;
    throw error;
  }
}

/** Logout: the wallet is disconnected too (spec section 4). */
export async function disconnectEvmWallet(): Promise<void> {
  const pending = watching;
  watching = null;
  if (pending) (await pending.catch(() => () => {}))();
  if (evmModule) await (await evmModule).disconnectWallet();
}
