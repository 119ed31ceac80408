/** Page-number paging (the contract's `pageQuery` / `pageOf`). */
export interface PageRequest {
  page: number;
  size: number;
}

export function offsetOf({ page, size }: PageRequest): number {
  return (page - 1) * size;
}

export function pageResult<T>(list: T[], total: number, { page, size }: PageRequest) {
  return { list, total, page, size, has_more: page * size < total };
}
