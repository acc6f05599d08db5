import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db.js';
import { usersChanged } from './changes.js';
import type { Database } from './client.js';

describe('committed changes', () => {
  let database: Database;
  const told: number[][] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    database.changes.subscribe((ids) => told.push([...ids].sort((a, b) => a - b)));
  });
  afterAll(() => database.close());

  const take = () => told.splice(0, told.length);

  it('should tell the users a transaction changed once, after it commits', async () => {
    take();
    let seenInside: number[][] = [];
    await database.db.transaction(async (tx) => {
      usersChanged(tx, [3, 1]);
      await tx.execute(sql`SELECT 1`);
      usersChanged(tx, [1, null, 2]);
      seenInside = [...told];
    });
    expect(seenInside).toEqual([]);
    expect(take()).toEqual([[1, 2, 3]]);
  });

  it('should tell nobody of a transaction rolled back', async () => {
    take();
    await expect(
      database.db.transaction(async (tx) => {
        usersChanged(tx, [4]);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(take()).toEqual([]);
  });

  it('should add a savepoint to its outer transaction, and tell a change outside one at once', async () => {
    take();
    await database.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => usersChanged(inner, [5]));
      expect(told).toEqual([]);
    });
    expect(take()).toEqual([[5]]);
    usersChanged(database.db, [6]);
    expect(take()).toEqual([[6]]);
  });

  it('should keep two transactions running side by side apart', async () => {
    take();
    await Promise.all([
      database.db.transaction(async (tx) => {
        usersChanged(tx, [7]);
        await tx.execute(sql`SELECT 1`);
      }),
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        usersChanged(tx, [8]);
      }),
    ]);
    expect(take().sort()).toEqual([[7], [8]]);
  });
});
