import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { REALTIME_CLOSE, REALTIME_MAX_CLIENT_FRAME, REALTIME_PATH } from '@app/contract';
import { AppError } from '../../platform/http/errors.js';
import type { Gateway } from './gateway.js';

export type RealtimeRoutesOptions = {
  gateway: Gateway;
  /** Origins allowed besides the request's own (config `WS_ALLOWED_ORIGINS`), lower case, no slash. */
  allowedOrigins: readonly string[];
};

/**
 * Cross-site WebSocket hijacking defence (ASVS 4.4.2): the browser attaches the session cookie to a
 * handshake started by any page, so a handshake whose Origin is not this site is refused before the
 * upgrade. Browsers always send Origin on WebSocket handshakes; a client without one is not a browser
 * (the bench, a script holding its own cookie), which no other site can drive, so it may pass.
 */
export function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  // `protocol` is undefined for a request without a socket (app.injectWS in tests): plain http then.
  const scheme: string = (request.protocol as string | undefined) ?? 'http';
  const own = `${scheme}://${request.host}`.toLowerCase();
  const sent = origin.toLowerCase();
  return sent === own || allowed.includes(sent);
}

/**
 * `GET /rest/v1/ws`: the one WebSocket endpoint (protocol in packages/contract/src/realtime.ts). Not
 * encapsulated (fastify-plugin), so `app.injectWS` and the socket server are visible on the app.
 */
async function realtimePlugin(app: FastifyInstance, { gateway, allowedOrigins }: RealtimeRoutesOptions) {
  // Before the plugin's own preClose (which closes sockets without a code): clients see 1001, going away.
  app.addHook('preClose', async () => gateway.close());
  await app.register(websocket, {
    options: {
      maxPayload: REALTIME_MAX_CLIENT_FRAME,
      // Frames are small JSON; compression would cost a zlib context per socket for nothing.
      perMessageDeflate: false,
    },
    errorHandler(error, socket, request) {
      // A client vanishing mid-frame is routine; it is not the server's error.
      request.log.warn({ err: error }, 'websocket error');
      socket.terminate();
    },
  });

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    schema: { hide: true },
    preValidation: async (request) => {
      if (!originAllowed(request, allowedOrigins)) {
        throw new AppError(403, 'FORBIDDEN', 'This origin may not open a connection');
      }
    },
    // A plain GET (no upgrade) gets an answer in the usual envelope rather than an empty 404.
    handler: async () => {
      throw new AppError(
        426,
        'UPGRADE_REQUIRED',
        'This address only accepts WebSocket connections',
        undefined,
        {
          upgrade: 'websocket',
        },
      );
    },
    wsHandler: (socket, request) => {
      // The session hook (platform/auth/session.ts) ran on the handshake like on any request.
      if (!request.user || !request.session) {
        socket.close(REALTIME_CLOSE.unauthenticated, 'unauthenticated');
        return;
      }
      gateway.accept(socket, {
        userId: request.user.id,
        username: request.user.username,
        sessionId: request.session.id,
      });
    },
  });
}

export const realtimeRoutes = fp(realtimePlugin, { name: 'realtime', dependencies: ['sessions'] });
