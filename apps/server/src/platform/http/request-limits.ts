import type { Socket } from 'node:net';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { errorCode, errorMessage } from '@taice/contract';
import { AppError } from './app-error';

/**
 * What a request may cost before it is parsed (decision 031). The largest body
 * a call of the contract can validly take is about 15 KB (a TON login, every
 * field at its longest, three bytes a character); a route that takes more (the
 * avatar upload) sets its own limit.
 */
export const BODY_LIMIT_BYTES = 32 * 1024;
/** The deepest JSON any call takes is 6 levels (a TON wallet proof). */
export const MAX_JSON_DEPTH = 16;
/** After an early answer (413), the rest of the body is read and dropped up to here, then the connection is cut. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 15_000;

/** Whether `json` opens more than `max` arrays or objects at once; a scan that builds nothing. */
export function nestsDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Reads and drops what is left of a request body, so the client can finish sending and read the answer. */
function drainBody(raw: IncomingMessage) {
  let drained = 0;
  // The request's own destroy ends its connection (and works on injected requests, which have no real socket).
  const cut = () => raw.destroy();
  const timer = setTimeout(cut, DRAIN_TIMEOUT_MS);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) cut();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

export const requestLimits = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
        done(new AppError('too_deeply_nested', { max: MAX_JSON_DEPTH }), undefined);
        return;
      }
      parseJson(request, body as string, done);
    });

    // Fastify answers a body it will not read (too large, unparsable) and closes the connection at once; a
    // client still sending then gets a reset instead of the answer. Keep the connection until the body is in.
    app.addHook('onSend', async (request, reply) => {
      if (request.raw.complete || reply.getHeader('connection') !== 'close') return;
      reply.removeHeader('connection');
      drainBody(request.raw);
    });
  },
  { name: 'request-limits' },
);

/**
 * Requests Node's HTTP parser refuses before any route sees them (a control
 * character in a header, headers too large, a broken request line) get the
 * envelope too, in English: there is no request to read a language from.
 */
export function answerUnparsableRequest(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const key = tooLarge ? 'payload_too_large' : 'bad_request';
  const body = JSON.stringify({ code: errorCode(key), msg: errorMessage(key, 'en_US'), data: null });
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(
    `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
