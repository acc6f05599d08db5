import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { createInProcessBus, type EventBus } from './bus.js';
import { createPgBus } from './pg-bus.js';

/**
 * The bus the configuration asks for: in-process for one instance (always with PGlite), PostgreSQL
 * LISTEN/NOTIFY when several instances share a database (`EVENT_BUS=pg`, the default with DATABASE_URL).
 */
export async function createEventBus(config: Config, log: FastifyBaseLogger): Promise<EventBus> {
  if (config.realtime.bus === 'pg' && config.databaseUrl) {
    return createPgBus({ connectionString: config.databaseUrl, log });
  }
  return createInProcessBus((error) => log.error({ err: error }, 'event listener failed'));
}
