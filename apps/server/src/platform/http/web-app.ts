import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errorCode, errorMessage } from '@taice/contract';
import { sendEnvelope } from './error-handler';

interface WebAppOptions {
  webDistDir: string;
  /** Files the server ships itself (seeded banner art and the like), under `/static/`. */
  publicDir: string;
  /** Uploaded and generated files of the local storage, under `/media/` (keys never change content). */
  mediaDir: string;
  /**
   * The largest image of the route's first screen (a video's poster, the first banner), if known: the
   * page the server sends names it in a preload, so the browser fetches it before any script has run.
   */
  firstScreenImage?: (url: URL) => Promise<FirstScreenImage | null>;
}

export interface FirstScreenImage {
  href: string;
  /** The largest contentful paint of the page: fetched ahead of other images. */
  largest: boolean;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Serves the built web app on `/` (hashed assets cached for a year, the page
 * itself revalidated), answers unknown `/api` paths with the envelope, and
 * sends every other unknown GET the app's page so client routes work on reload.
 */
export const webApp = fp<WebAppOptions>(
  async (app, { webDistDir, publicDir, mediaDir, firstScreenImage }) => {
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
        const image = await firstScreenImage?.(new URL(request.url, 'http://localhost')).catch(() => null);
        const preload = image
          ? `<link rel="preload" as="image" href="${escapeAttribute(image.href)}"${image.largest ? ' fetchpriority="high"' : ''} />`
          : '';
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(preload ? indexHtml.replace('</head>', `${preload}</head>`) : indexHtml);
      }
      return reply.status(404).type('text/plain').send('Not found');
    });
  },
  { name: 'web-app' },
);
