import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Comment, Page } from '@taice/contract';

export type CommentPages = InfiniteData<Page<Comment>, number>;

/** Every cached list of comments or replies starts with this. */
export const COMMENTS_ROOT = ['comments'] as const;
export const commentListRoot = (postId: number) => [...COMMENTS_ROOT, 'post', postId] as const;
export const replyListRoot = (commentId: number) => [...COMMENTS_ROOT, 'replies', commentId] as const;

/** Applies `change` to every cached page of comments and replies. */
export function updateCachedComments(queryClient: QueryClient, change: (list: Comment[]) => Comment[]) {
  queryClient.setQueriesData<CommentPages>({ queryKey: COMMENTS_ROOT }, (old) =>
    old ? { ...old, pages: old.pages.map((page) => ({ ...page, list: change(page.list) })) } : old,
  );
}

/** Changes one comment (or reply) wherever it is cached. */
export function patchCachedComment(queryClient: QueryClient, id: number, patch: Partial<Comment>) {
  updateCachedComments(queryClient, (list) => list.map((c) => (c.id === id ? { ...c, ...patch } : c)));
}
