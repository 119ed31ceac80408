import { userCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/ui/toast';

export type EmailCodeType = CallBody<typeof userCalls.sendEmailCode>['type'];

/** Sends an e-mail code and says so; false when it was refused (the server's message was shown). */
export async function sendEmailCode(email: string, type: EmailCodeType): Promise<boolean> {
  try {
    await call(userCalls.sendEmailCode, { body: { email, type } });
    notify.success(i18n.t('auth.codeSent'));
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}
