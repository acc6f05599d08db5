/**
 * One page of a list paged by id (the console's queues): asks for one row more than the page holds to know
 * whether another page exists, and answers the last row's id as the `nextCursor` of the next request.
 */
export async function keysetPage<R extends { id: number }, T>(
  query: { cursor?: string; limit: number },
  fetch: (afterId: number | undefined, limit: number) => Promise<R[]>,
  present: (rows: R[]) => T[] | Promise<T[]>,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const rows = await fetch(query.cursor ? Number(query.cursor) : undefined, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: await present(page),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}
