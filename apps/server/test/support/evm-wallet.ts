import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { identityCalls } from '@taice/contract';
import { freshIp } from './accounts';
import type { TestApp } from './test-app';

export function newWallet(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

/** The nonce message the server issues to this wallet, signed by `signer` (the wallet itself by default). */
export async function signedNonce(t: TestApp, wallet: PrivateKeyAccount, signer: PrivateKeyAccount = wallet) {
  const res = await t.call(identityCalls.walletNonce, { body: { chain_address: wallet.address } }, { ip: freshIp() });
  if (res.code !== 0) throw new Error(`wallet nonce failed: ${res.msg}`);
  const message = res.data.message;
  return { chain_address: wallet.address, message, signature: await signer.signMessage({ message }) };
}

/** Logs in (signing up on first use) with a wallet through the API. */
export async function walletLogin(t: TestApp, wallet: PrivateKeyAccount, inviteCode?: string) {
  const res = await t.call(identityCalls.walletLogin, {
    body: {
      ...(await signedNonce(t, wallet)),
      ...(inviteCode ? { invite_code: inviteCode } : {}),
    },
  });
  if (res.code !== 0) throw new Error(`wallet login failed: ${res.msg}`);
  return res.data;
}
