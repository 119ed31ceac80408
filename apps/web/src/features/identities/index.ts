// The identities feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { BindAccounts } from './bind-accounts';
export { logInWithEvmWallet } from './evm-wallet';
export { startGoogle } from './google';
export { GoogleMark } from './google-mark';
export { IdentityReturns } from './identity-returns';
export { startTelegram } from './telegram';
export { connectTon } from './ton';
export { RequireWallet, useWalletAccountWatch } from './wallet-bind-dialog';
export { WalletBindDialog } from './wallet-bind-host';
export { WalletChoice } from './wallet-choice';
