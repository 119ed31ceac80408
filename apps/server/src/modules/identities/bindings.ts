import { eq } from 'drizzle-orm';
import type { UserInfo } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import { userIdentities } from './identities.schema';

/** The labels of the outside identities bound to an account, '' where none (the user info's `bindings`). */
export function createBindings(db: Db) {
  return async function bindingsOf(userId: number): Promise<UserInfo['bindings']> {
    const rows = await db
      .select({ provider: userIdentities.provider, label: userIdentities.label })
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId));
    const label = (provider: string) => rows.find((r) => r.provider === provider)?.label ?? '';
    return { ton: label('ton'), telegram: label('telegram'), google: label('google') };
  };
}
