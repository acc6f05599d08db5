import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../platform/db/client.js';
import { users } from '../../../../platform/db/schema.js';
import { createTestDatabase } from '../../../../../test/db.js';
import { depositAddresses } from '../../tables.js';
import { depositAddressesOf } from './custody.js';

// The chain side of the custody view (hot, deposit, cold, BIP-322) is in from-config.test.ts, against the
// test Esplora server; this is where its deposit addresses come from.
describe('the deposit addresses the custody view reads', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("should be every user's address of the coin, from deposit_addresses", async () => {
    const [alice, bob] = await database.db
      .insert(users)
      .values(
        ['alice', 'bob'].map((username) => ({
          username,
          email: `${username}@example.com`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    await database.db.insert(depositAddresses).values([
      { userId: alice!.id, cryptoCode: 'BTC', address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' },
      { userId: bob!.id, cryptoCode: 'BTC', address: 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pxfmtrx' },
      { userId: bob!.id, cryptoCode: 'LTC', address: 'rltc1qlkp8904tzjyd8qwzjl550k040qz08ulaeajgcn' },
    ]);
    expect((await depositAddressesOf(database.db, 'BTC')()).sort()).toEqual([
      'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pxfmtrx',
      'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
    ]);
    expect(await depositAddressesOf(database.db, 'LTC')()).toEqual([
      'rltc1qlkp8904tzjyd8qwzjl550k040qz08ulaeajgcn',
    ]);
  });
});
