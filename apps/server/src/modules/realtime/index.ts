import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/bus.js';
import { Gateway, type ParticipantsOf } from './gateway.js';
import { liveSessions } from './repository.js';

/** The realtime module: the WebSocket gateway that pushes bus events to the users they name. */
export { realtimeRoutes, originAllowed } from './routes.js';
export { Gateway, type ParticipantsOf, type GatewayOptions } from './gateway.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WebSocket gateway (open sockets, session checks); see modules/realtime. */
    realtime: Gateway;
  }
}

export type CreateGatewayOptions = {
  db: Db;
  bus: EventBus;
  config: Config;
  participantsOf: ParticipantsOf;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

export function createRealtimeGateway({
  db,
  bus,
  config,
  participantsOf,
  log,
}: CreateGatewayOptions): Gateway {
  return new Gateway({
    bus,
    participantsOf,
    liveSessions: (ids) => liveSessions(db, ids, config.session.idleMs),
    log,
  });
}
