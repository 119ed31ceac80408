import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messageCalls, opsMessageCalls } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import type { Db } from '../../platform/db/database';
import { users } from '../accounts/accounts.schema';
import type { Operators } from '../operators/operators.module';
import { noticeOf, type Messages } from './messages';

const broadcastView = (b: { id: number; sent: number; finishedAt: Date | null; createdAt: Date }) => ({
  id: b.id,
  sent: b.sent,
  done: b.finishedAt !== null,
  created_at: b.createdAt.toISOString(),
});

/** The message center's calls, and the operators' notices (role admin). */
export async function messagesRoutes(app: FastifyInstance, deps: { db: Db; messages: Messages; operators: Operators }) {
  const { db, messages, operators } = deps;
  registerCall(app, messageCalls.messageList, ({ query, request }) =>
    messages.list(currentUser(request).id, query, request.ctx.lang),
  );
  registerCall(app, messageCalls.messageRead, ({ body, request }) => messages.read(currentUser(request).id, body.id));
  registerCall(app, messageCalls.messageAllRead, ({ request }) => messages.allRead(currentUser(request).id));

  registerCall(app, opsMessageCalls.opsMessageSend, async ({ body, request }) => {
    const actor = await operators.requireRole(request, ['admin']);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.user_id));
    if (!user) throw new AppError('user_not_found');
    return messages.sendNotice(actor, user.id, noticeOf(body));
  });
  registerCall(app, opsMessageCalls.opsMessageBroadcast, async ({ body, request }) => {
    const actor = await operators.requireRole(request, ['admin']);
    const { id } = await messages.sendNoticeToAll(actor, noticeOf(body));
    return broadcastView((await messages.broadcasts.status(id))!);
  });
  registerCall(app, opsMessageCalls.opsMessageBroadcastStatus, async ({ query, request }) => {
    await operators.requireRole(request, ['admin']);
    const b = await messages.broadcasts.status(query.id);
    if (!b) throw new AppError('not_found');
    return broadcastView(b);
  });
}
