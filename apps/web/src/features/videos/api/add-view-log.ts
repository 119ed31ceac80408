import { videoCalls, type CallData } from '@taice/contract';
import { call } from '../../../shared/api/client';

export type Heartbeat = CallData<typeof videoCalls.addViewLog>;

/** Opens a watch session (no session id) or sends its heartbeat with the player's position. */
export function sendHeartbeat(body: { id: number; session_id?: string; position?: number }): Promise<Heartbeat> {
  return call(videoCalls.addViewLog, { body }, { silent: true });
}
