/** The EVM wallets offered (spec section 9): three browser extensions and WalletConnect. */
export type EvmWalletOption =
  | { id: 'metamask' | 'okx' | 'bitget'; name: string; rdns: string[]; download: string }
  | { id: 'walletconnect'; name: string; rdns: [] };

export const EVM_WALLETS: EvmWalletOption[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    rdns: ['io.metamask', 'io.metamask.flask'],
    download: 'https://metamask.io/download/',
  },
  { id: 'okx', name: 'OKX', rdns: ['com.okex.wallet'], download: 'https://www.okx.com/web3' },
  {
    id: 'bitget',
    name: 'Bitget',
    rdns: ['com.bitget.web3'],
    download: 'https://web3.bitget.com/en/wallet-download',
  },
  { id: 'walletconnect', name: 'WalletConnect', rdns: [] },
];

/** 0x1234…abcd */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
