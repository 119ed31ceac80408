import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Base64, hexToByteArray, SessionCrypto, type ConnectRequest } from '@tonconnect/protocol';
import type { TestTonWallet } from '../../apps/server/test/support/ton-wallet';
import { connectReplyItems } from './ton-wallet';

// A local TON Connect HTTP bridge and a wallet that answers through it, for the Mini App, where TON Connect UI
// opens a wallet by its universal link and waits on the wallet's bridge instead of using an injected wallet.
// The bridge speaks the protocol as @tonconnect/sdk 3.4's BridgeGateway does:
//   GET  <bridge>/events?client_id=<hex>[,<hex>...][&last_event_id=<id>]  (text/event-stream)
//   POST <bridge>/message?client_id=<from>&to=<to>&ttl=<seconds>[&topic=<method>]  (body: the base64 message)
// and delivers `id: <event id>` / `data: {"from","message"}` events, with heartbeats in between.

interface Stored {
  id: number;
  to: string;
  from: string;
  message: string;
  expires: number;
}

export interface TonBridge {
  /** The bridge URL a wallets list names (`{ type: 'sse', url }`). */
  url: string;
  /** Every message posted through the bridge, in order (`topic` is the RPC method the app names, if any). */
  posted: { from: string; to: string; topic: string | null }[];
  close(): Promise<void>;
}

const HEARTBEAT_MS = 5_000;

export async function startTonBridge(): Promise<TonBridge> {
  let lastId = 0;
  const stored: Stored[] = [];
  const posted: TonBridge['posted'] = [];
  const listeners = new Set<{ clients: Set<string>; send(m: Stored): void }>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // The app's page is on another origin: the SDK's EventSource and fetch need CORS.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST');
      res.setHeader('access-control-allow-headers', '*');
      res.writeHead(204).end();
      return;
    }
    const now = Date.now();
    if (req.method === 'GET' && url.pathname === '/bridge/events') {
      const clients = new Set((url.searchParams.get('client_id') ?? '').split(',').filter(Boolean));
      if (clients.size === 0) {
        res.writeHead(400).end('client_id required');
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const send = (m: Stored) =>
        res.write(`id: ${m.id}\ndata: ${JSON.stringify({ from: m.from, message: m.message })}\n\n`);
      const after = Number(url.searchParams.get('last_event_id') || 0);
      for (const m of stored) if (m.id > after && m.expires > now && clients.has(m.to)) send(m);
      res.write('event: heartbeat\ndata: heartbeat\n\n');
      const heartbeat = setInterval(() => res.write('event: heartbeat\ndata: heartbeat\n\n'), HEARTBEAT_MS);
      const listener = { clients, send };
      listeners.add(listener);
      req.on('close', () => {
        clearInterval(heartbeat);
        listeners.delete(listener);
      });
      return;
    }
    if (req.method === 'POST' && url.pathname === '/bridge/message') {
      const from = url.searchParams.get('client_id');
      const to = url.searchParams.get('to');
      const ttl = Number(url.searchParams.get('ttl'));
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        if (!from || !to || !(ttl > 0) || !body) {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"bad request","statusCode":400}');
          return;
        }
        const m: Stored = { id: ++lastId, from, to, message: body.trim(), expires: now + Math.min(ttl, 300) * 1000 };
        stored.push(m);
        posted.push({ from, to, topic: url.searchParams.get('topic') });
        for (const l of listeners) if (l.clients.has(to)) l.send(m);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"message":"OK","statusCode":200}');
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bridge`,
    posted,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads a bridge's event stream (Node has no EventSource) and hands each message to `onMessage`. */
async function listen(
  url: string,
  signal: AbortSignal,
  onMessage: (m: { from: string; message: string }) => void,
): Promise<void> {
  const response = await fetch(url, { signal, headers: { accept: 'text/event-stream' } });
  if (!response.ok || !response.body) throw new Error(`bridge answered ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          if (lines.some((line) => line.startsWith('event:') && line.slice(6).trim() !== 'message')) continue;
          const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim());
          if (data.length > 0) onMessage(JSON.parse(data.join('\n')) as { from: string; message: string });
        }
      }
    } catch (error) {
      if (!signal.aborted) console.error('TON bridge wallet stream ended', error);
    }
  })();
}

export const BRIDGE_WALLET_NAME = 'E2E Bridge Wallet';
export const BRIDGE_WALLET_LINK = 'https://e2e-ton-wallet.example/ton-connect';

/** A wallets list (config.ton.org/wallets-v2.json) holding just the bridge wallet. */
export function bridgeWalletsList(bridge: TonBridge, image: string) {
  return [
    {
      app_name: 'e2ebridge',
      name: BRIDGE_WALLET_NAME,
      image,
      about_url: 'https://example.com/e2e-bridge-wallet',
      universal_url: BRIDGE_WALLET_LINK,
      bridge: [{ type: 'sse', url: bridge.url }],
      platforms: ['ios', 'android', 'chrome', 'firefox', 'safari', 'linux', 'macos', 'windows'],
    },
  ];
}

export interface BridgeWallet {
  /** What the wallet was asked through the bridge (decrypted RPC requests from the app). */
  requests: { method: string; id: string }[];
  /** The wallet's own session id (its NaCl public key), where the app sends its requests. */
  sessionId: string;
  /** The app's TON Connect client id (its session public key), once the wallet has connected. */
  clientId: string | null;
  /** Takes the universal link the app opened, as a wallet app does: connects with a real ton_proof. */
  openLink(link: string): Promise<void>;
  close(): void;
}

/**
 * A wallet app that answers through the bridge: its own NaCl session (TON Connect's SessionCrypto), a
 * connect event with the ton_proof of `wallet` (apps/server/test/support/ton-wallet.ts) for the domain of
 * the app's manifest, and answers to the app's RPC requests (`disconnect`).
 */
export function createBridgeWallet(bridge: TonBridge, wallet: TestTonWallet): BridgeWallet {
  const session = new SessionCrypto();
  const abort = new AbortController();
  let eventId = 0;
  const post = async (to: string, payload: object) => {
    const body = Base64.encode(session.encrypt(JSON.stringify(payload), hexToByteArray(to)));
    const url = `${bridge.url}/message?client_id=${session.sessionId}&to=${to}&ttl=300`;
    const response = await fetch(url, { method: 'POST', body });
    if (!response.ok) throw new Error(`bridge refused the wallet's message: ${response.status}`);
  };
  const self: BridgeWallet = {
    requests: [],
    sessionId: session.sessionId,
    clientId: null,
    async openLink(link) {
      const params = new URL(link).searchParams;
      const clientId = params.get('id');
      const request = JSON.parse(params.get('r') ?? 'null') as ConnectRequest | null;
      if (params.get('v') !== '2' || !clientId || !request) throw new Error(`not a TON Connect link: ${link}`);
      // A wallet signs for the app its manifest names.
      const manifest = (await (await fetch(request.manifestUrl)).json()) as { url: string };
      const items = connectReplyItems(wallet, request.items, new URL(manifest.url).host);
      await listen(`${bridge.url}/events?client_id=${session.sessionId}`, abort.signal, ({ from, message }) => {
        const rpc = JSON.parse(session.decrypt(Base64.decode(message).toUint8Array(), hexToByteArray(from))) as {
          method: string;
          id: string;
        };
        self.requests.push({ method: rpc.method, id: rpc.id });
        const answer =
          rpc.method === 'disconnect'
            ? { id: rpc.id, result: {} }
            : { id: rpc.id, error: { code: 400, message: `${rpc.method} is not supported` } };
        void post(from, answer);
      });
      self.clientId = clientId;
      await post(clientId, {
        event: 'connect',
        id: ++eventId,
        payload: {
          items,
          device: {
            platform: 'iphone',
            appName: 'e2ebridge',
            appVersion: '1.0.0',
            maxProtocolVersion: 2,
            features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
          },
        },
      });
    },
    close: () => abort.abort(),
  };
  return self;
}
