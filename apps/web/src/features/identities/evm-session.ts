// The wagmi side of EVM wallets, loaded on demand (it is large): one config,
// wallets found through EIP-6963 announcements, WalletConnect when configured.
import { createConfig, http, type Config, type Connector } from 'wagmi';
import { connect, disconnect, getConnection, reconnect, signMessage, watchConnection } from 'wagmi/actions';
import { bsc } from 'wagmi/chains';
import { walletConnect } from 'wagmi/connectors';
import type { EvmWalletOption } from './evm-wallets';

let config: Config | null = null;

function configFor(walletConnectProjectId = ''): Config {
  config ??= createConfig({
    chains: [bsc],
    transports: { [bsc.id]: http() },
    // Browser extensions announce themselves (EIP-6963); each becomes a connector keyed by its rdns.
    multiInjectedProviderDiscovery: true,
    connectors: walletConnectProjectId ? [walletConnect({ projectId: walletConnectProjectId, showQrModal: true })] : [],
  });
  return config;
}

/** Extensions announce themselves right after the page asks; give them a moment. */
async function findConnector(cfg: Config, option: EvmWalletOption): Promise<Connector | undefined> {
  const match = () =>
    cfg.connectors.find((c) =>
      option.id === 'walletconnect' ? c.type === 'walletConnect' : option.rdns.includes(c.id),
    );
  for (let waited = 0; waited < 500 && !match(); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return match();
}

/** Prepares discovery early (when a wallet choice is about to be shown). */
export function prepare(walletConnectProjectId: string): void {
  configFor(walletConnectProjectId);
}

/**
 * The connected address (spec section 4's wallet connect): an existing
 * connection is reused, otherwise the chosen wallet is asked to connect.
 * Null when that wallet is not installed.
 */
export async function connectWallet(option: EvmWalletOption, walletConnectProjectId: string): Promise<string | null> {
  const cfg = configFor(walletConnectProjectId);
  const current = getConnection(cfg);
  if (current.status === 'connected' && (option.id === 'walletconnect' || option.rdns.includes(current.connector.id))) {
    return current.address.toLowerCase();
  }
  if (current.status === 'connected') await disconnect(cfg);
  const connector = await findConnector(cfg, option);
  if (!connector) return null;
  const result = await connect(cfg, { connector });
  return result.accounts[0]?.toLowerCase() ?? null;
}

export async function sign(message: string): Promise<`0x${string}`> {
  return signMessage(configFor(), { message });
}

/** Restores the last connection after a reload, then reports every address the wallet switches to, each once. */
export async function watchAddress(onAddress: (address: string) => void): Promise<() => void> {
  const cfg = configFor();
  await reconnect(cfg);
  let reported: string | null = null;
  const report = (connection: ReturnType<typeof getConnection>) => {
    if (connection.status !== 'connected') return;
    const address = connection.address.toLowerCase();
    if (address === reported) return;
    reported = address;
    onAddress(address);
  };
  // Listening first, then where the wallet is now: a switch between the two is still seen.
  const unwatch = watchConnection(cfg, { onChange: report });
  report(getConnection(cfg));
  return unwatch;
}

export async function disconnectWallet(): Promise<void> {
  if (config && getConnection(config).status !== 'disconnected') await disconnect(config);
}
