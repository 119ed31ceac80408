import { AUTH_CHALLENGE_TTL_SECONDS, type UserInfo } from '@taice/contract';
import type { TonConnectUI, TonProofItemReplySuccess, Wallet } from '@tonconnect/ui';
import { ApiError } from '../../shared/api/client';
import { i18n } from '../../shared/i18n/i18n';
import { isTelegramMiniApp } from '../../shared/lib/platform';
import { storedTonSession, TON_SESSION_KEY } from './ton-session';
import { useSession } from '../../shared/session/session';
import { notify } from '../../shared/ui/toast';
import { storedInvitationCode } from '../../shared/session/invitation';
import { useLoginDialog } from '../../shared/session/login-dialog';
import { tonBind } from './api/ton-bind';
import { tonLogin } from './api/ton-login';
import { tonPayload } from './api/ton-payload';
import { finishOutsideLogin, storeBoundUser, type IdentityIntent } from './outcomes';
import { fetchAuthProviders } from '../../shared/api/auth-providers';

let instance: Promise<TonConnectUI> | null = null;

/**
 * The one TON Connect UI of the page, its code loaded on first use (not in the first-load bundle).
 * `session`: a stored wallet session to hand the SDK first (see `disconnectTon`).
 */
function tonConnectUI(session?: string): Promise<TonConnectUI> {
  instance ??= (async () => {
    const [{ TonConnectUI, THEME }, providers] = await Promise.all([import('@tonconnect/ui'), fetchAuthProviders()]);
    if (session !== undefined) localStorage.setItem(TON_SESSION_KEY, session);
    const botName = providers.telegram?.bot_name;
    const ui = new TonConnectUI({
      manifestUrl: providers.ton_manifest_url,
      uiPreferences: { theme: document.documentElement.dataset.theme === 'light' ? THEME.LIGHT : THEME.DARK },
      // Inside the Mini App the wallet sends the user back to the bot.
      ...(isTelegramMiniApp() && botName
        ? { actionsConfiguration: { twaReturnUrl: `https://t.me/${botName}` as const } }
        : {}),
    });
    await ui.connectionRestored;
    return ui;
  })().catch((error: unknown) => {
    instance = null;
    throw error;
  });
  return instance;
}

type ProvenWallet = Wallet & { connectItems: { tonProof: TonProofItemReplySuccess } };

class TonConnectRefused extends Error {}

/** Ends the wait of an attempt still waiting for its wallet (a new attempt replaces it). */
let cancelWaiting: (() => void) | null = null;

/**
 * Waits until a wallet connects with its ton_proof; null when the visitor
 * closes the modal, abandons the wallet until the proof payload has expired,
 * or starts again.
 */
function waitForProvenWallet(ui: TonConnectUI): Promise<ProvenWallet | null> {
  return new Promise((resolve, reject) => {
    const stops: (() => void)[] = [];
    const settle = (finish: () => void) => {
      for (const stop of stops.splice(0)) stop();
      finish();
    };
    const timer = setTimeout(() => settle(() => resolve(null)), AUTH_CHALLENGE_TTL_SECONDS * 1000);
    cancelWaiting = () => settle(() => resolve(null));
    stops.push(
      () => clearTimeout(timer),
      () => (cancelWaiting = null),
    );
    stops.push(
      ui.onStatusChange(
        (wallet) => {
          if (!wallet) return;
          const proof = wallet.connectItems?.tonProof;
          if (proof && 'proof' in proof) settle(() => resolve(wallet as ProvenWallet));
          else
            settle(() => reject(new TonConnectRefused(proof?.error.message || i18n.t('identities.tonProofMissing'))));
        },
        (error) => settle(() => reject(error)),
      ),
    );
    stops.push(
      ui.onModalStateChange((state) => {
        if (state.status === 'closed' && state.closeReason === 'action-cancelled') settle(() => resolve(null));
      }),
    );
  });
}

/** The `wallet_info` of tonLogin and tonBind: the TON Connect Wallet object, without the wallet list's extras. */
export function walletInfoOf(wallet: ProvenWallet) {
  const { address, chain, walletStateInit, publicKey } = wallet.account;
  const { name, proof } = wallet.connectItems.tonProof;
  return {
    account: { address, chain, walletStateInit, ...(publicKey ? { publicKey } : {}) },
    connectItems: { tonProof: { name, proof } },
    device: wallet.device as unknown as Record<string, unknown>,
    provider: wallet.provider,
  };
}

async function disconnect(ui: TonConnectUI): Promise<void> {
  try {
    if (ui.connected) await ui.disconnect();
  } catch (error) {
    console.warn(error);
  }
}

let running: Promise<boolean> | null = null;

/**
 * TON Connect login or bind: a fresh proof payload from the server, the
 * wallet modal, then the wallet's ton_proof to tonLogin or tonBind. Resolves
 * true on success; false when cancelled or refused (the reason was shown).
 */
export async function connectTon(intent: IdentityIntent): Promise<boolean> {
  if (running) {
    cancelWaiting?.();
    await running;
  }
  const mine = attempt(intent);
  running = mine;
  try {
    return await mine;
  } finally {
    if (running === mine) running = null;
  }
}

async function attempt(intent: IdentityIntent): Promise<boolean> {
  const bound = (useSession.getState().user as UserInfo | null)?.bindings?.ton;
  if (intent === 'bind' && bound) {
    notify.warning(i18n.t('identities.walletAlreadyBound'));
    return false;
  }
  let ui: TonConnectUI | null = null;
  try {
    ui = await tonConnectUI();
    // A restored session carries no proof: start over.
    await disconnect(ui);
    ui.setConnectRequestParameters({ state: 'loading' });
    const { payload } = await tonPayload();
    ui.setConnectRequestParameters({ state: 'ready', value: { tonProof: payload } });
    // The login dialog would sit above the wallet modal and trap its focus.
    useLoginDialog.getState().close();
    const waiting = waitForProvenWallet(ui);
    await ui.openModal();
    const wallet = await waiting;
    if (!wallet) return false;
    const walletInfo = walletInfoOf(wallet);
    if (intent === 'login') {
      const result = await tonLogin({
        wallet_info: walletInfo,
        invite_code: storedInvitationCode() || undefined,
        register_type: isTelegramMiniApp() ? 3 : 1,
      });
      await finishOutsideLogin(result);
    } else {
      await storeBoundUser(await tonBind({ wallet_info: walletInfo }), 'bindWalletSuccess');
    }
    return true;
  } catch (error) {
    // Server refusals were shown by `call`; wallet refusals are shown here (spec section 8).
    if (!(error instanceof ApiError)) {
      notify.error(error instanceof Error && error.message ? error.message : i18n.t('identities.tonFailed'));
    }
    console.error(error);
    // No half-done state: the next attempt needs a new proof anyway.
    if (ui) await disconnect(ui);
    return false;
  } finally {
    ui?.setConnectRequestParameters(null);
  }
}

/**
 * Logout (spec section 4): forget the TON wallet session too, telling the wallet (a `disconnect` through its
 * bridge). Loads nothing when there is none. `stored` is the session as logout found it before clearing local
 * storage (`onLogout`), read by the caller while this module may still have been loading.
 */
export async function disconnectTon(stored: string | null = storedTonSession()): Promise<void> {
  if (!instance && stored === null) return;
  try {
    // A session from an earlier visit (the Mini App reopened, the SDK not loaded yet) was only in the storage
    // logout clears right after this call: the SDK gets it back, restores it to send the wallet its
    // disconnect through the bridge, then removes it.
    await disconnect(await tonConnectUI(stored ?? undefined));
  } catch (error) {
    console.warn(error);
  } finally {
    if (stored !== null) {
      try {
        localStorage.removeItem(TON_SESSION_KEY);
      } catch {
        // Nothing kept.
      }
    }
  }
}
