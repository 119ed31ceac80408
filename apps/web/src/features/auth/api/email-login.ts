import { userCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

export function emailLogin(body: CallBody<typeof userCalls.emailLogin>) {
  return call(userCalls.emailLogin, { body });
}
