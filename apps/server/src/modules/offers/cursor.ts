import { fieldError } from '../../platform/http/errors.js';

/** The marketplace's keyset position: the last row's sort key (USD price per coin) and id. */
export type Cursor = { key: string; id: number };

/** Opaque to clients: base64url of `[key, id]`. */
export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');

export function decodeCursor(value: string): Cursor {
  try {
    const [key, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof key === 'string' && /^-?\d+(\.\d+)?$/.test(key) && Number.isInteger(id)) {
      return { key, id: id as number };
    }
  } catch {
    // fall through
  }
  throw fieldError('page_id', 'This page link is not valid; start the search again', 'invalid_page_id');
}
