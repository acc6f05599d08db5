import { eq } from 'drizzle-orm';
import type { Config } from '../platform/config.js';
import type { Db } from '../platform/db/client.js';
import { appliedSeeds } from '../platform/db/schema.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { users } from '../platform/db/schema.js';
import { DEMO_LOGINS } from './demo-users.js';
import { catalogueSeed } from '../modules/catalogue/index.js';
import { ratesSeed } from '../modules/rates/index.js';
import { seedOffers } from '../modules/offers/seed.js';
import { DEMO_HISTORY_TRADES, seedDemoHistory } from './demo-history.js';

export type { Seed } from '../platform/db/seed.js';
import type { Seed } from '../platform/db/seed.js';

const demoUsers: Seed = {
  name: 'demo-users-v1',
  demo: true,
  async run(db) {
    const rows = await Promise.all(
      DEMO_LOGINS.map(async (login) => ({
        username: login.username,
        email: login.email,
        role: login.role,
        passwordHash: await hashPassword(login.password),
        isDemoAccount: true,
        isEmailVerified: true,
      })),
    );
    await db.insert(users).values(rows).onConflictDoNothing();
  },
};

/**
 * The demo market's size. 120 traders rather than more: each gets a believable history from the next seed
 * within a short start (a trade through the service costs tens of milliseconds on PGlite), and 20 offers
 * each is a vendor's usual spread over coins and methods. The README states what these make (the counts
 * a visitor sees where); seeds/demo-market.test.ts holds it to them.
 */
export const DEMO_MARKET = { traders: 120, offers: 2_400, prefix: 'trader' } as const;

/**
 * The demo market: its traders and offers (funded and bonded through the ledger). Bond amounts and groups
 * are the defaults (demo data is for a first look, not for a configured deployment).
 */
const demoOffers: Seed = {
  name: 'demo-offers-v1',
  demo: true,
  async run(db) {
    await seedOffers(db, {
      users: DEMO_MARKET.traders,
      offers: DEMO_MARKET.offers,
      prefix: DEMO_MARKET.prefix,
      bond: { amounts: {}, paymentGroups: ['gift-cards', 'online-transfers'] },
    });
  },
};

/**
 * The demo market's history (issue 17): trades between the demo traders and their customers through the
 * trades service, feedback through the feedback service, and some traders online. After the offers.
 */
const demoHistory: Seed = {
  name: 'demo-history-v1',
  demo: true,
  ownTransactions: true,
  async run(db, config) {
    await seedDemoHistory(db, config, { prefix: DEMO_MARKET.prefix, trades: DEMO_HISTORY_TRADES });
  },
};

/** Seeds in the order they run. Later issues append reference data here. */
export const SEEDS: Seed[] = [catalogueSeed, ratesSeed, demoUsers, demoOffers, demoHistory];

/**
 * Runs each pending seed once, in a transaction with its `applied_seeds` row. Demo seeds need the whole
 * configuration (their trades go through the services); without demo data only `demoData: false` is read.
 */
export async function runSeeds(
  db: Db,
  config: Config | { demoData: false },
  seeds: Seed[] = SEEDS,
): Promise<string[]> {
  const ran: string[] = [];
  for (const seed of seeds) {
    if (seed.demo && !config.demoData) continue;
    const [done] = await db.select().from(appliedSeeds).where(eq(appliedSeeds.name, seed.name));
    if (done) continue;
    if (seed.demo && seed.ownTransactions) {
      if (!config.demoData) continue;
      const claimed = await db
        .insert(appliedSeeds)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: appliedSeeds.name });
      if (claimed.length === 0) continue; // another instance got there first
      // Claimed before it runs: an instance stopped midway leaves part of the demo data, never twice it.
      await seed.run(db, config);
      ran.push(seed.name);
      continue;
    }
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(appliedSeeds)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: appliedSeeds.name });
      if (claimed.length === 0) return; // another instance got there first
      if (!seed.demo) await seed.run(tx as unknown as Db);
      else if (config.demoData) await seed.run(tx as unknown as Db, config);
    });
    ran.push(seed.name);
  }
  return ran;
}
