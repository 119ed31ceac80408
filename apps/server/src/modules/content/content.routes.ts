import type { FastifyInstance } from 'fastify';
import { contentCalls } from '@taice/contract';
import { registerCall } from '../../platform/http/call-routes';
import type { ContentService } from './content.service';

export async function contentRoutes(app: FastifyInstance, { content }: { content: ContentService }) {
  registerCall(app, contentCalls.keyValueDetail, ({ query, request }) => content.keyValue(query.key, request.ctx.lang));
  registerCall(app, contentCalls.keyValueGet, ({ query, request }) => content.keyValues(query.keys, request.ctx.lang));
  registerCall(app, contentCalls.banners, ({ query, request }) =>
    content.activeBanners(query.position, request.ctx.lang),
  );
  registerCall(app, contentCalls.docGetByType, ({ query, request }) => content.document(query.type, request.ctx.lang));
}
