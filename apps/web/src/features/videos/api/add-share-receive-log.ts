import { useEffect } from 'react';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';

export function addShareReceiveLog(shareCode: string) {
  return call(videoCalls.addShareReceiveLog, { body: { share_code: shareCode } }, { silent: true });
}

/** Share codes already reported in this page load (a remount or StrictMode must not report twice). */
const reported = new Set<string>();

/** Someone opened a shared link (`share=CODE`): tell the server once, so the sharer's share counts. */
export function useReportSharedLink(shareCode: string | null) {
  useEffect(() => {
    const code = shareCode?.trim();
    if (!code || reported.has(code)) return;
    reported.add(code);
    addShareReceiveLog(code).catch(() => undefined);
  }, [shareCode]);
}
