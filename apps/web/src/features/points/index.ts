// The points feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { CheckInStrip } from './components/check-in-strip';
export { HeaderPoints } from './components/header-points';
export { ProfileEarnings } from './components/profile-earnings';
export { SignInPopupHost } from './components/sign-in-popup-host';
export { WalletSync } from './components/wallet-sync';
export { TaiceCoin } from './components/taice-coin';
export { RewardBurst } from './components/reward-burst';
export { useWalletDetail } from './api/use-wallet-detail';
