/**
 * Reference data changes when the catalogue is re-seeded, a few times a year. The server answers it with
 * an ETag and `Cache-Control: max-age=60, must-revalidate`, so even a refetch is a bodiless 304; an hour
 * in the query cache saves the round trip for every picker on every page.
 */
export const REFERENCE_STALE_TIME = 60 * 60 * 1000;
/** Kept in memory this long after the last picker using it unmounts. */
export const REFERENCE_GC_TIME = 2 * 60 * 60 * 1000;
