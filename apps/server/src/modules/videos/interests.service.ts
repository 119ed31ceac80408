import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ApiLang } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { users } from '../accounts/accounts.schema';
import { flag } from './reactions.service';
import type { VideosDeps } from './videos.deps';
import { categories, userInterests } from './videos.schema';

/** The categories a user picked on /customized; recommendations lean towards them. */
export function createInterests({ db }: VideosDeps) {
  return {
    async list(viewerId: number | null, lang: ApiLang) {
      const rows = await db
        .select({
          id: categories.id,
          key: categories.key,
          name: categories.name,
          postNum: categories.postNum,
          selected: userInterests.categoryId,
        })
        .from(categories)
        .leftJoin(
          userInterests,
          and(eq(userInterests.categoryId, categories.id), eq(userInterests.userId, viewerId ?? 0)),
        )
        .orderBy(asc(categories.sort), asc(categories.id));
      return rows.map((row) => ({
        id: row.id,
        key: row.key,
        name: row.name[lang],
        post_num: row.postNum,
        is_selected: flag(row.selected !== null),
      }));
    },

    /** Replaces the user's interests; every id must be a category. */
    async submit(userId: number, ids: number[]): Promise<number[]> {
      const chosen = [...new Set(ids)];
      if (chosen.length > 0) {
        const known = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, chosen));
        if (known.length !== chosen.length) throw new AppError('category_not_found');
      }
      await db.transaction(async (tx) => {
        // Parallel submissions of one user replace one another instead of merging.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        await tx.delete(userInterests).where(eq(userInterests.userId, userId));
        if (chosen.length > 0) {
          await tx.insert(userInterests).values(chosen.map((categoryId) => ({ userId, categoryId })));
        }
      });
      return chosen;
    },
  };
}

export type Interests = ReturnType<typeof createInterests>;
