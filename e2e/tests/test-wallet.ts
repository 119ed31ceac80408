import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/**
 * A browser wallet for the tests: a plain `window.ethereum`-style EIP-1193
 * provider announced through EIP-6963 as MetaMask, whose every request is
 * answered here, in the test process, by a viem account.
 */
export class TestWallet {
  account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey());

  get address(): string {
    return this.account.address.toLowerCase();
  }

  async install(page: Page): Promise<void> {
    await page.exposeFunction('__testWalletRequest', (method: string, params: unknown[]) =>
      this.answer(method, params),
    );
    await page.addInitScript(() => {
      type Listener = (data: unknown) => void;
      const listeners: Record<string, Listener[]> = {};
      const bridge = (window as unknown as { __testWalletRequest: (m: string, p: unknown[]) => Promise<unknown> })
        .__testWalletRequest;
      const provider = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const answer = (await bridge(method, params ?? [])) as {
            result?: unknown;
            error?: { code: number; message: string };
          };
          if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          return answer.result;
        },
        on(event: string, listener: Listener) {
          (listeners[event] ??= []).push(listener);
          return provider;
        },
        removeListener(event: string, listener: Listener) {
          listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener);
          return provider;
        },
      };
      Object.assign(window, {
        __testWalletEmit: (event: string, data: unknown) => (listeners[event] ?? []).forEach((l) => l(data)),
      });
      const info = {
        uuid: '7c7f1f3e-5a55-4b8e-9d1a-test-wallet',
        name: 'MetaMask',
        icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
        rdns: 'io.metamask',
      };
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
        );
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    });
  }

  /** The user switches the wallet to another account. */
  async switchAccount(page: Page): Promise<void> {
    this.account = privateKeyToAccount(generatePrivateKey());
    await page.evaluate((address) => {
      (window as unknown as { __testWalletEmit: (e: string, d: unknown) => void }).__testWalletEmit('accountsChanged', [
        address,
      ]);
    }, this.account.address);
  }

  private async answer(method: string, params: unknown[]) {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return { result: [this.account.address] };
      case 'eth_chainId':
        return { result: '0x38' };
      case 'net_version':
        return { result: '56' };
      case 'personal_sign':
        return { result: await this.account.signMessage({ message: { raw: params[0] as `0x${string}` } }) };
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        return { result: [{ parentCapability: 'eth_accounts' }] };
      case 'wallet_revokePermissions':
      case 'wallet_switchEthereumChain':
        return { result: null };
      default:
        return { error: { code: 4200, message: `The test wallet does not support ${method}` } };
    }
  }
}
