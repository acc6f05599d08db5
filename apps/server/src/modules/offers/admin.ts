import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminCommand } from '../../platform/admin/index.js';
import { offers } from './tables.js';
import { seedOffers } from './seed.js';

/** Operator commands for offers: moderation switch-off and the benchmark market. */
export const offersAdminCommands: Record<string, AdminCommand> = {
  'offers:deactivate': {
    usage: 'offers:deactivate --hash H   (switches an offer off, e.g. after a report)',
    options: { hash: { type: 'string' } },
    async run({ db }, values) {
      const { hash } = z.object({ hash: z.string().min(6) }).parse(values);
      const rows = await db
        .update(offers)
        .set({ isActive: false, updatedAt: new Date() })
        .where(eq(offers.hash, hash))
        .returning({ id: offers.id });
      if (rows.length === 0) throw new Error(`No offer ${hash}`);
      return `offer ${hash} is now inactive`;
    },
  },
  'offers:seed-bench': {
    usage: 'offers:seed-bench [--offers 100000] [--users 2000]   (bulk market for benchmarks)',
    options: { offers: { type: 'string' }, users: { type: 'string' } },
    async run({ db, config }, values) {
      // Its traders are demo accounts with the published password (decision 0015).
      if (config.production) throw new Error('offers:seed-bench creates demo accounts: not in production');
      const input = z
        .object({
          offers: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
          users: z.coerce.number().int().min(1).max(100_000).default(2_000),
        })
        .parse(values);
      const started = Date.now();
      const result = await seedOffers(db, {
        ...input,
        prefix: `bench${Date.now().toString(36)}_`,
        bond: config.wallet.bond,
      });
      return `created ${result.offers} offers for ${result.users} users in ${Date.now() - started} ms`;
    },
  },
};
