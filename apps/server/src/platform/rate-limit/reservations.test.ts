import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Database } from '../db/client.js';
import { createTestDatabase } from '../../../test/db.js';
import { createReservationWriter } from './reservations.js';

describe('slot reservations', () => {
  let database: Database;
  let statements = 0;
  /** The database, counting the statements the writer sends. */
  let counted: Db;
  const at = new Date('2026-11-24T12:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    counted = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'execute') {
          return (...args: Parameters<Db['execute']>) => {
            statements += 1;
            return target.execute(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
  });
  afterAll(() => database.close());

  it('should write the reservations of clients arriving together in one statement, each counted apart', async () => {
    const writer = createReservationWriter(counted);
    statements = 0;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writer.reserve({ key: `batch:ip:10.0.0.${i}`, slots: 3, at, windowMs: 60_000 }),
      ),
    );
    expect(statements).toBe(1);
    expect(answers.every((a) => a.count === 3 && a.windowEndsAt === at.getTime() + 60_000)).toBe(true);
  });

  it('should keep two reservations of one key apart, the second adding to the first', async () => {
    const writer = createReservationWriter(database.db);
    const [first, second, third] = await Promise.all([
      writer.reserve({ key: 'same:user:1', slots: 2, at, windowMs: 60_000 }),
      writer.reserve({ key: 'same:user:1', slots: 2, at, windowMs: 60_000 }),
      writer.reserve({ key: 'same:user:2', slots: 2, at, windowMs: 60_000 }),
    ]);
    expect([first!.count, second!.count, third!.count]).toEqual([2, 4, 2]);
  });

  it('should start a new window for a key whose window has ended', async () => {
    const writer = createReservationWriter(database.db);
    await writer.reserve({ key: 'renew:user:1', slots: 5, at, windowMs: 1_000 });
    const later = new Date(at.getTime() + 1_000);
    expect(await writer.reserve({ key: 'renew:user:1', slots: 5, at: later, windowMs: 1_000 })).toEqual({
      count: 5,
      windowEndsAt: later.getTime() + 1_000,
    });
  });
});
