import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errorCode, errorMessage, FIRST_SCREEN_ANSWER_ID, type FirstScreenAnswer } from '@taice/contract';
import { sendEnvelope } from './error-handler';

interface WebAppOptions {
  webDistDir: string;
  /** Files the server ships itself (seeded banner art and the like), under `/static/`. */
  publicDir: string;
  /** Uploaded and generated files of the local storage, under `/media/` (keys never change content). */
  mediaDir: string;
  /**
   * What the route's first screen needs, if known: the page the server sends names its largest image in a
   * preload (fetched before any script has run) and carries the answer of its first call (decision 062).
   */
  firstScreen?: (url: URL) => Promise<FirstScreen | null>;
}

export interface FirstScreen {
  image: FirstScreenImage | null;
  answer?: FirstScreenAnswer;
}

export interface FirstScreenImage {
  href: string;
  /** The largest contentful paint of the page: fetched ahead of other images. */
  largest: boolean;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** What the route's page gets in its head: the image preload and the answer (as JSON no text can end early). */
function headOf(screen: FirstScreen | null | undefined): string {
  if (!screen) return '';
  const { image, answer } = screen;
  const preload = image
    ? `<link rel="preload" as="image" href="${escapeAttribute(image.href)}"${image.largest ? ' fetchpriority="high"' : ''} />`
    : '';
  const data = answer
    ? `<script type="application/json" id="${FIRST_SCREEN_ANSWER_ID}">${JSON.stringify(answer).replace(/</g, '\\u003c')}</script>`
    : '';
  return preload + data;
}

/**
 * Serves the built web app on `/` (hashed assets cached for a year, the page
 * itself revalidated), answers unknown `/api` paths with the envelope, and
 * sends every other unknown GET the app's page so client routes work on reload.
 */
export const webApp = fp<WebAppOptions>(
  async (app, { webDistDir, publicDir, mediaDir, firstScreen }) => {
    const indexFile = path.join(webDistDir, 'index.html');
    const hasWebApp = fs.existsSync(indexFile);
    const indexHtml = hasWebApp ? fs.readFileSync(indexFile, 'utf8') : '';

    if (fs.existsSync(publicDir)) {
      await app.register(fastifyStatic, {
        root: publicDir,
        prefix: '/static/',
        decorateReply: false,
        maxAge: '7d',
      });
    }

    fs.mkdirSync(mediaDir, { recursive: true });
    await app.register(
      async (media) => {
        // Media answer like a file server: a missing file is a 404 (not the app's page), an unsatisfiable
        // range a 416 with its Content-Range (not an envelope), so players see what went wrong.
        media.setNotFoundHandler((_request, reply) => reply.status(404).type('text/plain').send('Not found'));
        media.setErrorHandler((err: FastifyError & { headers?: Record<string, string> }, _request, reply) => {
          const status = err.statusCode ?? 500;
          if (status < 400 || status >= 500) throw err;
          return reply
            .status(status)
            .headers(err.headers ?? {})
            .type('text/plain')
            .send(http.STATUS_CODES[status] ?? 'Error');
        });
        // Range requests (206) are answered by @fastify/static; .m3u8 and .ts get their HLS types from its MIME table.
        await media.register(fastifyStatic, {
          root: mediaDir,
          prefix: '/',
          decorateReply: false,
          immutable: true,
          maxAge: '365d',
        });
      },
      { prefix: '/media' },
    );

    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') {
        return sendEnvelope(reply, {
          code: errorCode('not_found'),
          msg: errorMessage('not_found', request.ctx?.lang ?? 'en_US'),
          data: null,
        });
      }
      if (hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
        // Without it (an unknown video, a database error) the page loads its data itself.
        const screen = await firstScreen?.(new URL(request.url, 'http://localhost')).catch(() => null);
        const head = headOf(screen);
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(head ? indexHtml.replace('</head>', `${head}</head>`) : indexHtml);
      }
      return reply.status(404).type('text/plain').send('Not found');
    });
  },
  { name: 'web-app' },
);
