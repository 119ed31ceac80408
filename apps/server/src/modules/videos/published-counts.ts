import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { users } from '../accounts/accounts.schema';
import { categories } from './videos.schema';

/**
 * The creator's and the category's counts of published videos move by `step` (negative when videos leave),
 * in the transaction that changes the posts' status, and never below zero.
 */
export async function countPublished(tx: Tx, post: { authorId: number; categoryId: number }, step: number) {
  await tx
    .update(users)
    .set({ postNum: sql`greatest(${users.postNum} + ${step}, 0)` })
    .where(eq(users.id, post.authorId));
  await tx
    .update(categories)
    .set({ postNum: sql`greatest(${categories.postNum} + ${step}, 0)` })
    .where(eq(categories.id, post.categoryId));
}
