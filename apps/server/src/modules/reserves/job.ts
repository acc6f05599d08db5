import type { Db } from '../../platform/db/client.js';
import type { CustodyView } from '../wallet/index.js';
import { publishReserves } from './publish.js';

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * The publication job (decision 0060): every RESERVES_PUBLISH_SECONDS (0: off), on every instance; the
 * advisory lock and the interval check in `publishReserves` let one instance publish per interval.
 * It looks at start and then every interval (at most hourly, so a restart never postpones a daily
 * publication by a day) and publishes when the last snapshot is older than the interval.
 */
export function startReservesPublication(input: {
  db: Db;
  views: readonly CustodyView[];
  intervalSeconds: number;
  log: Log;
}) {
  const { db, views, intervalSeconds, log } = input;
  if (intervalSeconds <= 0) return { stop: async () => {} };
  let running: Promise<unknown> | undefined;
  const pass = () => {
    if (running) return;
    running = publishReserves(db, views, { minIntervalSeconds: intervalSeconds })
      .then((result) => {
        if (result.published) log.info({ snapshotId: result.snapshotId }, 'proof of reserves published');
      })
      .catch((err: unknown) => log.warn({ err }, 'proof of reserves publication failed'))
      .finally(() => {
        running = undefined;
      });
  };
  pass();
  const timer = setInterval(pass, Math.min(intervalSeconds, 3_600) * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
