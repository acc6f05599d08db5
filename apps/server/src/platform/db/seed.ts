import type { Db } from './client.js';

/** One seed: reference data (always) or demo data (only with DEMO_DATA); modules define theirs, seeds/ runs them. */
export type Seed = {
  /** Recorded in `applied_seeds`; a seed with a recorded name never runs again. */
  name: string;
  /** Demo seeds run only when DEMO_DATA is on; reference data always runs. */
  demo: boolean;
  run(db: Db): Promise<void>;
};
