import { fieldError } from '../../platform/http/errors.js';

/**
 * The marketplace's keyset position: the last row's sort key (USD price per coin) and id; on the
 * release-time sorts also its owner's release seconds (null: the row is among the offers of traders
 * without a release time, which come last).
 */
export type Cursor = { key: string; id: number; release?: number | null };

/** Opaque to clients: base64url of `[key, id]`, or `[key, id, release]` on the release-time sorts. */
export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(
    JSON.stringify(
      cursor.release === undefined ? [cursor.key, cursor.id] : [cursor.key, cursor.id, cursor.release],
    ),
  ).toString('base64url');

const invalid = () =>
  fieldError('page_id', 'This page link is not valid; start the search again', 'invalid_page_id');

export function decodeCursor(value: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || (parsed.length !== 2 && parsed.length !== 3)) throw invalid();
  const [key, id, release] = parsed as unknown[];
  if (typeof key !== 'string' || !/^-?\d+(\.\d+)?$/.test(key) || !Number.isSafeInteger(id)) throw invalid();
  if (parsed.length === 2) return { key, id: id as number };
  if (release !== null && !(Number.isSafeInteger(release) && (release as number) >= 0)) throw invalid();
  return { key, id: id as number, release: release as number | null };
}

/** The cursor after a row: its owner's release seconds only on the release-time sorts (`releaseKey`). */
export const cursorOf = (row: { sortKey: string; id: number; releaseKey?: number | null }): Cursor =>
  row.releaseKey === undefined
    ? { key: row.sortKey, id: row.id }
    : { key: row.sortKey, id: row.id, release: row.releaseKey };

/**
 * The first UTC day after the trader-stats window ends, as `user_trade_days.day > since` reads it: the
 * last `days` days, today included (the cards' `ownerStatsOf` window, decision 0045).
 */
export function releaseWindowStart(now: Date, days: number): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - days * 86_400_000).toISOString().slice(0, 10);
}
