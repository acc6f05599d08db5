import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, hashEntry, type TradeRecordHashInput } from '@app/contract';
import { hashEntrySync } from './record.js';

/**
 * The server hashes entries with node:crypto at once; readers verify a record with the contract's
 * WebCrypto `hashEntry` (the web page, anyone offline). Both must give the same digest for every text.
 */
describe('hashEntrySync', () => {
  const inputs: TradeRecordHashInput[] = [
    {
      trade: 'Ab3dE5fG7hJ9',
      seq: 1,
      at: '2026-11-26T07:00:00.000Z',
      kind: 'message',
      payload: { messageId: 1, kind: 'user', author: null, text: 'hello', event: null, status: null },
      prevHash: GENESIS_HASH,
    },
    {
      trade: 'Ab3dE5fG7hJ9',
      seq: 2,
      at: '2026-11-26T07:00:01.123Z',
      kind: 'message',
      payload: {
        messageId: 2,
        kind: 'user',
        author: { username: 'ana', role: 'buyer' },
        text: 'quotes " and \\ backslashes, {braces}, NULL, a newline\nand emoji 💸 ñ 中文',
        event: null,
        status: null,
      },
      prevHash: 'a'.repeat(64),
    },
  ];

  it('should give the digest of the contract’s WebCrypto hash', async () => {
    for (const input of inputs) {
      const sync = hashEntrySync(input);
      expect(sync).toMatch(/^[0-9a-f]{64}$/);
      expect(sync).toBe(await hashEntry(input));
    }
  });
});
