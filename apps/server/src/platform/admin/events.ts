import { createInProcessBus, type EventBus } from '../events/bus.js';
import { createPgBus } from '../events/pg-bus.js';
import type { AdminContext } from './command.js';

/**
 * Runs `work` with the bus an admin command publishes on, so the parties' pages update live:
 * - inside a running server (admin socket): that server's own bus, which its WebSocket gateway reads;
 * - in the CLI process against PostgreSQL with `EVENT_BUS=pg`: a LISTEN/NOTIFY bus for the command's
 *   duration (closing it sends what was published), which reaches every server instance;
 * - otherwise an in-process bus that nobody reads: with the embedded database the CLI only opens the data
 *   directory when no server runs, and with `EVENT_BUS=memory` no other process can be reached.
 */
export async function withAdminEvents<T>(
  ctx: AdminContext,
  work: (events: EventBus) => Promise<T>,
): Promise<T> {
  if (ctx.events) return work(ctx.events);
  const { config } = ctx;
  const events =
    config.realtime.bus === 'pg' && config.databaseUrl
      ? await createPgBus({ connectionString: config.databaseUrl })
      : createInProcessBus();
  try {
    return await work(events);
  } finally {
    await events.close();
  }
}
