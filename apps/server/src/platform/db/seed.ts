import type { Config } from '../config.js';
import type { Db } from './client.js';

/**
 * One seed: reference data (always) or demo data (only with DEMO_DATA); modules define theirs, seeds/ runs
 * them. A demo seed gets the configuration: demo trades go through the services, which read it.
 */
export type Seed = {
  /** Recorded in `applied_seeds`; a seed with a recorded name never runs again. */
  name: string;
} & (
  | { demo: false; run(db: Db): Promise<void> }
  /**
   * Runs only when DEMO_DATA is on. `ownTransactions`: the seed drives services that commit their own
   * transactions (hundreds of them: as savepoints of one transaction, PostgreSQL slows down past 64
   * subtransactions), so it runs outside the seed's transaction, after its name was claimed.
   */
  | { demo: true; ownTransactions?: boolean; run(db: Db, config: Config): Promise<void> }
);
