import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the bot made to the Bot API: the method and its JSON parameters. */
export interface BotApiCall {
  method: string;
  params: Record<string, unknown>;
}

/** An error the Bot API answers, as Telegram words it. */
export interface BotApiFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export interface BotApiStandIn {
  /** What to give the server as `TELEGRAM_API_URL`. */
  apiRoot: string;
  calls: BotApiCall[];
  /** The calls of one method, in order. */
  callsOf(method: string): BotApiCall[];
  /** The next `times` calls of `method` fail with `failure`. */
  failNext(method: string, failure: BotApiFailure, times?: number): void;
  close(): Promise<void>;
}

const BOT = { id: 424242, is_bot: true, first_name: 'TAICE', username: 'taice_test_bot', can_join_groups: false };

/**
 * A local stand-in of Telegram's Bot API (`POST /bot<token>/<method>` with JSON), for the bot's tests: it
 * records every call, answers the few methods the bot uses as Telegram does, refuses another token with 401,
 * answers an edit into the same text with Telegram's "message is not modified", and fails a method on demand
 * (a 429 with `retry_after`, a 403 for a user who blocked the bot).
 */
export async function startBotApiStandIn(token: string): Promise<BotApiStandIn> {
  const calls: BotApiCall[] = [];
  const failures = new Map<string, BotApiFailure[]>();
  const shown = new Map<string, string>();
  let nextMessageId = 1;

  const answer = (method: string, params: Record<string, unknown>): unknown => {
    const chat = { id: Number(params.chat_id ?? 0), type: 'private' };
    const now = Math.floor(Date.now() / 1000);
    switch (method) {
      case 'getMe':
        return BOT;
      case 'sendMessage': {
        const message_id = nextMessageId++;
        shown.set(`${chat.id}:${message_id}`, JSON.stringify([params.text, params.reply_markup]));
        return { message_id, date: now, chat, text: params.text };
      }
      case 'editMessageText': {
        const key = `${chat.id}:${String(params.message_id)}`;
        const next = JSON.stringify([params.text, params.reply_markup]);
        if (shown.get(key) === next) {
          return {
            fail: {
              error_code: 400,
              description:
                'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
            },
          };
        }
        shown.set(key, next);
        return { message_id: params.message_id, date: now, chat, text: params.text };
      }
      default:
        return true;
    }
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      };
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, given, method] = match as unknown as [string, string, string];
      if (given !== token) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const params = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      calls.push({ method, params });
      const failure = failures.get(method)?.shift();
      const result = failure ? { fail: failure } : answer(method, params);
      const failed = (result as { fail?: BotApiFailure } | null)?.fail;
      if (failed) return send(failed.error_code, { ok: false, ...failed });
      send(200, { ok: true, result });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method),
    failNext(method, failure, times = 1) {
      failures.set(method, [...(failures.get(method) ?? []), ...Array.from({ length: times }, () => failure)]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
