import type { Page } from '@playwright/test';
import { createTestTonWallet, type TestTonWallet } from '../../apps/server/test/support/ton-wallet';

/**
 * The items of a TON Connect connect event, as a wallet answers a connect request's items: `ton_addr`, and the
 * ton_proof of `wallet` for `domain` when asked. Shared by the injected wallet and the bridge wallet (ton-bridge.ts).
 */
export function connectReplyItems(wallet: TestTonWallet, items: { name: string; payload?: string }[], domain: string) {
  const proofItem = items.find((item) => item.name === 'ton_proof');
  const info = wallet.walletInfo({ payload: proofItem?.payload ?? '', domain });
  const { address, chain, walletStateInit, publicKey } = info.account;
  return [
    { name: 'ton_addr', address, network: chain, walletStateInit, publicKey },
    ...(proofItem ? [info.connectItems.tonProof] : []),
  ];
}

/** The key the stand-in wallet is injected under (`window[key].tonconnect`), as browser-extension TON wallets do. */
const BRIDGE_KEY = 'e2eTonWallet';
export const TON_WALLET_NAME = 'E2E TON Wallet';

/**
 * Injects a TON wallet into the page that TON Connect finds like a browser
 * extension; it answers connect requests with a real ton_proof signed in Node
 * by a throw-away wallet (apps/server/test/support/ton-wallet.ts).
 */
export async function injectTonWallet(page: Page): Promise<TestTonWallet> {
  const wallet = createTestTonWallet();
  // Offline: TON Connect's analytics and wallet images go nowhere; its wallet list is just this wallet.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.route('https://config.ton.org/wallets-v2.json', (route) =>
    route.fulfill({
      json: [
        {
          app_name: 'e2eton',
          name: TON_WALLET_NAME,
          image: 'http://127.0.0.1/icon-192.png',
          about_url: 'https://example.com/e2e-ton-wallet',
          bridge: [{ type: 'js', key: BRIDGE_KEY }],
          platforms: ['chrome', 'firefox', 'safari', 'linux', 'macos', 'windows', 'ios', 'android'],
        },
      ],
    }),
  );
  await page.exposeFunction('__e2eTonConnectItems', (items: { name: string; payload?: string }[], domain: string) =>
    connectReplyItems(wallet, items, domain),
  );
  await page.addInitScript(
    ({ key, name }) => {
      type Item = { name: string; payload?: string };
      const itemsOf = (window as unknown as { __e2eTonConnectItems(i: Item[], d: string): Promise<unknown[]> })
        .__e2eTonConnectItems;
      const deviceInfo = {
        platform: 'linux',
        appName: 'e2eton',
        appVersion: '1.0.0',
        maxProtocolVersion: 2,
        features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
      };
      let id = 0;
      (window as unknown as Record<string, unknown>)[key] = {
        tonconnect: {
          deviceInfo,
          walletInfo: {
            name,
            app_name: 'e2eton',
            image: `${location.origin}/icon-192.png`,
            about_url: 'https://example.com/e2e-ton-wallet',
            platforms: ['chrome', 'firefox', 'safari', 'linux', 'macos', 'windows'],
          },
          protocolVersion: 2,
          isWalletBrowser: false,
          async connect(_version: number, message: { items: Item[] }) {
            const items = await itemsOf(message.items, location.hostname);
            return { event: 'connect', id: ++id, payload: { items, device: deviceInfo } };
          },
          async restoreConnection() {
            return { event: 'connect_error', id: ++id, payload: { code: 0, message: 'no session' } };
          },
          async send(request: { id: string }) {
            return { error: { code: 300, message: 'not supported' }, id: request.id };
          },
          listen() {
            return () => undefined;
          },
          disconnect() {},
        },
      };
    },
    { key: BRIDGE_KEY, name: TON_WALLET_NAME },
  );
  return wallet;
}
