import { WALLET_SIGN_AGREEMENT } from '@taice/contract';

/** The message a wallet signs: the fixed agreement, the address and the server's single-use nonce. */
export function walletSignMessage(chainAddress: string, nonce: string): string {
  return `${WALLET_SIGN_AGREEMENT}\n\nWallet address: ${chainAddress}\nNonce: ${nonce}`;
}

/** The nonce a signed message carries, or null when it is not a message of ours. */
export function nonceOf(message: string): string | null {
  return /\nNonce: ([\w-]{8,64})$/.exec(message)?.[1] ?? null;
}

/** Whether `signature` is `chainAddress`'s EIP-191 signature of `message` (externally owned accounts). */
export async function isWalletSignature(
  chainAddress: `0x${string}`,
  message: string,
  signature: `0x${string}`,
): Promise<boolean> {
  // viem, the largest package here, loads on the first wallet login, not at start-up (decision 034).
  const { verifyMessage } = await import('viem');
  try {
    return await verifyMessage({ address: chainAddress, message, signature });
  } catch {
    // A signature that does not even parse is simply not valid.
    return false;
  }
}
