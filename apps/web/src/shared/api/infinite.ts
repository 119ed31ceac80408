/** What a list component needs of an infinite query (any page-param type). */
export interface InfiniteListQuery<Page> {
  data: { pages: Page[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}
