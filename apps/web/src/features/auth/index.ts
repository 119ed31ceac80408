// The auth feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { HeaderAccount } from './components/header-account';
export { useOpenLoginWhenRequired } from './components/use-open-login-when-required';
export { LoginDialog, NewUserGuide } from './components/dialog-hosts';
export { sendEmailCode } from './api/send-email-code';
