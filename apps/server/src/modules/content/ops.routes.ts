import type { FastifyInstance } from 'fastify';
import { opsContentCalls as ops } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import { registerCall } from '../../platform/http/call-routes';
import type { Clock } from '../../platform/time/clock';
import type { Operators } from '../operators/operators.module';
import { createContentAdmin } from './content-admin';
import type { ContentService } from './content.service';

/** The operator API of site content: documents, banners and public settings (who may: each call's `roles`). */
export async function contentOpsRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; operators: Operators; content: ContentService },
) {
  const { operators } = deps;
  const admin = createContentAdmin({ db: deps.db, clock: deps.clock, changed: () => deps.content.forget() });
  const actor = (request: Parameters<Operators['requireRole']>[0]) => operators.requireRole(request);

  registerCall(app, ops.opsDocuments, async ({ request }) => {
    await actor(request);
    return admin.documents();
  });
  registerCall(app, ops.opsDocument, async ({ query, request }) => {
    await actor(request);
    return admin.document(query.type, query.lang);
  });
  registerCall(app, ops.opsDocumentUpdate, async ({ body, request }) =>
    admin.updateDocument(await actor(request), body),
  );

  registerCall(app, ops.opsBanners, async ({ query, request }) => {
    await actor(request);
    return admin.banners(query.position);
  });
  registerCall(app, ops.opsBannerCreate, async ({ body, request }) => admin.createBanner(await actor(request), body));
  registerCall(app, ops.opsBannerUpdate, async ({ body, request }) => {
    const { id, ...input } = body;
    return admin.updateBanner(await actor(request), id, input);
  });
  registerCall(app, ops.opsBannerDelete, async ({ body, request }) =>
    admin.deleteBanner(await actor(request), body.id),
  );

  registerCall(app, ops.opsSettings, async ({ request }) => {
    await actor(request);
    return admin.settings();
  });
  registerCall(app, ops.opsSettingUpdate, async ({ body, request }) =>
    admin.updateSetting(await actor(request), body.key, body.value),
  );
}
