import { and, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { AuditRow, Page } from '@taice/contract';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Db } from '../../platform/db/database';
import { users } from '../accounts/accounts.schema';
import { auditLog } from '../operators/operators.schema';
import { likePrefix } from './values';

/** A search of the audit log: `q` as documented on `opsAuditList`, `from` inclusive, `to` exclusive. */
export interface AuditQuery extends PageRequest {
  q?: string;
  from?: string;
  to?: string;
}

/** `q` as conditions on the audit log, each answered by an index (decision 045). */
function matching(q: string): SQL | undefined {
  const [type, id] = q.split(':', 2) as [string, string | undefined];
  return or(
    eq(auditLog.actor, q),
    q.includes('.') ? like(auditLog.action, likePrefix(q)) : undefined,
    id === undefined ? eq(auditLog.targetType, q) : and(eq(auditLog.targetType, type), eq(auditLog.targetId, id)),
    eq(auditLog.targetId, q),
  );
}

/** The audit log for admins, newest first: read-only, there is no call that changes it. */
export function createAuditList(db: Db) {
  return async (query: AuditQuery): Promise<Page<AuditRow>> => {
    const where = and(
      query.q ? matching(query.q) : undefined,
      query.from ? gte(auditLog.createdAt, new Date(query.from)) : undefined,
      query.to ? lt(auditLog.createdAt, new Date(query.to)) : undefined,
    );
    const [rows, total] = await Promise.all([
      db
        .select({ row: auditLog, actorName: users.nickname })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(query.size)
        .offset(offsetOf(query)),
      db.$count(auditLog, where),
    ]);
    const list = rows.map(({ row, actorName }) => ({
      id: row.id,
      actor: row.actor,
      actor_name: actorName ?? '',
      role: row.role,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      before: row.before,
      after: row.after,
      request_id: row.requestId,
      ip: row.ip,
      created_at: row.createdAt.toISOString(),
    }));
    return pageResult(list, total, query);
  };
}
