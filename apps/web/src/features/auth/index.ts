// The auth feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { HeaderAccount } from './components/header-account';
export { LoginDialog, useOpenLoginWhenRequired } from './components/login-dialog';
export { NewUserGuide } from './components/new-user-guide';
export { sendEmailCode } from './api/send-email-code';
