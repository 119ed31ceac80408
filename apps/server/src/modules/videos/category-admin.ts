import { asc, eq } from 'drizzle-orm';
import type { Localized, OpsCategory } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Tx } from '../../platform/db/database';
import { audit, type OperatorActor } from '../operators/operators.module';
import type { VideosDeps } from './videos.deps';
import { categories, posts, userInterests } from './videos.schema';

type CategoryRow = typeof categories.$inferSelect;
interface CategoryFields {
  name: Localized;
  sort: number;
}

const view = (c: CategoryRow): OpsCategory => ({
  id: c.id,
  key: c.key,
  name: c.name,
  sort: c.sort,
  post_num: c.postNum,
});

/**
 * Video categories as operators manage them. Each change is one transaction with its audit row; the public
 * category list shows it within its cache time (10 s).
 */
export function createCategoryAdmin({ db, clock }: Pick<VideosDeps, 'db' | 'clock'>) {
  async function locked(tx: Tx, id: number): Promise<CategoryRow> {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw new AppError('category_not_found');
    return row;
  }

  return {
    async list(): Promise<OpsCategory[]> {
      return (await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id))).map(view);
    },

    create(actor: OperatorActor, input: CategoryFields & { key: string }): Promise<OpsCategory> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(categories).values(input).onConflictDoNothing().returning();
        if (!row) throw new AppError('category_key_taken');
        const after = view(row);
        await audit(
          tx,
          actor,
          { action: 'category.create', targetType: 'category', targetId: row.id, after },
          clock.now(),
        );
        return after;
      });
    },

    update(actor: OperatorActor, id: number, input: CategoryFields): Promise<OpsCategory> {
      return db.transaction(async (tx) => {
        const before = view(await locked(tx, id));
        const [row] = await tx.update(categories).set(input).where(eq(categories.id, id)).returning();
        const after = view(row!);
        const entry = { action: 'category.update', targetType: 'category', targetId: id, before, after };
        await audit(tx, actor, entry, clock.now());
        return after;
      });
    },

    /** Only a category no video was ever filed under (of any status); members' interests in it go with it. */
    delete(actor: OperatorActor, id: number): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const before = view(await locked(tx, id));
        const [used] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.categoryId, id)).limit(1);
        if (used) throw new AppError('category_in_use');
        await tx.delete(userInterests).where(eq(userInterests.categoryId, id));
        await tx.delete(categories).where(eq(categories.id, id));
        await audit(
          tx,
          actor,
          { action: 'category.delete', targetType: 'category', targetId: id, before },
          clock.now(),
        );
        return { id };
      });
    },
  };
}

export type CategoryAdmin = ReturnType<typeof createCategoryAdmin>;
