import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiClient, type QueryParams } from '@/shared/api';

/**
 * One of the console's lists paged by cursor (the server's `nextCursor`: disputes, appeals, reports,
 * chargebacks, the audit log): page after page of `path` with `query`, parsed by `schema`.
 */
export function useCursorQueue<T extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  path: string,
  query: QueryParams,
  schema: ZodType<T>,
  options: { refetchInterval?: number; enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get(path, { query: { limit: 25, ...query, cursor: pageParam }, schema, signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    ...options,
  });
}
