import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { AccountState, ApiKeyScope, UserRole } from '@app/contract';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { EventBus } from '../events/bus.js';
import { sessions, users } from '../db/schema.js';
import { AppError, unauthenticated } from '../http/errors.js';
import { isLockedOut } from './account-policy.js';
import { DEVICE_TOKEN_SHAPE, KNOWN_DEVICE_MS, knownDevicesRepository } from './known-devices.js';
import { announceRevocation, revocationOf } from './revocation.js';
import { SessionReadCache, type SessionRow } from './session-read-cache.js';
import { createTurnBatcher } from '../db/turn-batcher.js';
import { BUS_RESYNC_EVENT } from '../events/pg-bus.js';
import { routeGate } from './route-gate.js';
import { staffGate } from './staff-guard.js';
import { randomToken, safeEqual, sha256 } from './tokens.js';

/** The part of a user every guard needs; modules load the rest themselves. */
export type AuthUser = { id: number; username: string; role: UserRole; accountState: AccountState };
export type SessionInfo = { id: string; csrfToken: string; userId: number | null };

/**
 * Proves an `Authorization: Bearer` API key for this request (modules/api-keys, decision 0042): the
 * key's user, id and scopes, or a thrown 401/429. Given at registration, built later (it needs the
 * limits). What the scopes allow is the route gate's (route-gate.ts).
 */
export type ApiKeyAuthenticator = (
  request: FastifyRequest,
  key: string,
) => Promise<{ keyId: number; scopes: readonly ApiKeyScope[]; user: AuthUser }>;

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
    user: AuthUser | null;
    /** The API key this request was made with (no session, no CSRF token), or null. */
    apiKey: { id: number; scopes: readonly ApiKeyScope[] } | null;
  }
  interface FastifyInstance {
    sessions: SessionService;
  }
}

export type SessionService = {
  /**
   * The CSRF token the page must echo: the session's own when logged in, else this browser's anonymous
   * token (double-submit cookie, see below); never writes a row.
   */
  csrfToken(request: FastifyRequest, reply: FastifyReply): string;
  /**
   * Logs a user in: the old session is destroyed and a new token issued (fixation defence), and this
   * browser becomes a known device of the user (its own login-throttle budget, decision 0001).
   * `newDevice`: this browser had not logged in to this account before (the login mail says so).
   */
  start(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
  ): Promise<SessionInfo & { newDevice: boolean }>;
  /** This browser's known-device token, when it sent a well-formed one (the login throttle asks). */
  deviceToken(request: FastifyRequest): string | null;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  revokeAllForUser(userId: number): Promise<void>;
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What `randomToken()` makes: anything else in the anonymous CSRF cookie is ignored. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Writing last_seen_at on every request would turn reads into writes; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export type SessionPluginOptions = {
  config: Config;
  db: Db;
  /** Where ended sessions are announced, so their WebSockets close at once (revocation.ts). */
  events?: EventBus;
  now?: () => Date;
  apiKeys?: ApiKeyAuthenticator;
};

/** The key of an `Authorization: Bearer <key>` header, or null. */
function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, key, ...rest] = header.trim().split(/\s+/);
  return scheme?.toLowerCase() === 'bearer' && key && rest.length === 0 ? key : null;
}

async function sessionPlugin(
  app: FastifyInstance,
  { config, db, events, now = () => new Date(), apiKeys }: SessionPluginOptions,
) {
  const { idleMs, absoluteMs, cookieSecure } = config.session;

  const isSecure = (request: FastifyRequest) =>
    cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure;
  // The __Host- prefix pins the cookie to this host and path, but browsers only accept it over TLS.
  const cookieName = (request: FastifyRequest) => (isSecure(request) ? '__Host-sid' : 'sid');
  // Visitors without a session: the CSRF token lives in its own cookie (decision 0001, "CSRF"). Over TLS
  // the __Host- prefix also stops a sibling subdomain from planting a token of its choosing.
  const csrfCookieName = (request: FastifyRequest) => (isSecure(request) ? '__Host-csrf' : 'csrf');

  // A year-long cookie naming this browser to the login throttle once a user has logged in from it.
  const deviceCookieName = (request: FastifyRequest) => (isSecure(request) ? '__Host-device' : 'device');

  function deviceToken(request: FastifyRequest): string | null {
    const value = request.cookies[deviceCookieName(request)];
    return value && DEVICE_TOKEN_SHAPE.test(value) ? value : null;
  }

  /** Remembers this browser for the user; answers whether it was new to them. */
  async function rememberDevice(request: FastifyRequest, reply: FastifyReply, userId: number) {
    const sent = deviceToken(request);
    const known = sent !== null && (await knownDevicesRepository.isKnown(db, sent, userId, now()));
    const token = sent ?? randomToken();
    await knownDevicesRepository.remember(db, token, userId, now());
    reply.setCookie(deviceCookieName(request), token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure(request),
      maxAge: Math.floor(KNOWN_DEVICE_MS / 1000),
    });
    return !known;
  }

  function anonymousToken(request: FastifyRequest): string | null {
    const value = request.cookies[csrfCookieName(request)];
    return value && TOKEN_SHAPE.test(value) ? value : null;
  }

  function setCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
    reply.setCookie(cookieName(request), token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure(request),
      maxAge: Math.floor(absoluteMs / 1000),
    });
  }

  async function create(request: FastifyRequest, reply: FastifyReply, userId: number) {
    const token = randomToken();
    const row = {
      id: sha256(token),
      userId,
      csrfToken: randomToken(),
      expiresAt: new Date(now().getTime() + absoluteMs),
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      createdAt: now(),
      lastSeenAt: now(),
    };
    await db.insert(sessions).values(row);
    setCookie(request, reply, token);
    const info: SessionInfo = { id: row.id, csrfToken: row.csrfToken, userId };
    request.session = info;
    return info;
  }

  /** Deletes one session row and closes its sockets on every instance. */
  async function destroy(session: { id: string; userId: number | null }) {
    recent.delete(session.id);
    await db.delete(sessions).where(eq(sessions.id, session.id));
    if (session.userId !== null) announceRevocation(events, session.userId, [session.id]);
  }

  const service: SessionService = {
    csrfToken(request, reply) {
      if (request.session) return request.session.csrfToken;
      const existing = anonymousToken(request);
      if (existing) return existing;
      const token = randomToken();
      // No Max-Age: it lasts as long as the browser session, and login replaces it by the session's.
      reply.setCookie(csrfCookieName(request), token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: isSecure(request),
      });
      // Two calls in one request (the shell builds the state once, but be safe) share one token.
      request.cookies[csrfCookieName(request)] = token;
      return token;
    },
    async start(request, reply, userId) {
      if (request.session) await destroy(request.session);
      if (request.cookies[csrfCookieName(request)]) reply.clearCookie(csrfCookieName(request), { path: '/' });
      const newDevice = await rememberDevice(request, reply, userId);
      return { ...(await create(request, reply, userId)), newDevice };
    },
    deviceToken,
    async end(request, reply) {
      if (request.session) await destroy(request.session);
      reply.clearCookie(cookieName(request), { path: '/' });
      request.session = null;
      request.user = null;
    },
    revokeAllForUser: (userId) => revokeSessionsOfUser(db, userId, events),
  };
  app.decorate('sessions', service);
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);

  // Reads (GET, HEAD) may use a session row read within the last SESSION_READ_CACHE_MS (decision 0031):
  // on the embedded database the lookup costs more than the whole of a shared marketplace answer.
  // Writes always read the row, so every change of state is judged on the account as it is now.
  // Sessions that end (logout, revocation, ban) are announced on the bus and dropped here at once.
  const recent = new SessionReadCache(config.session.readCacheMs);
  // Every request with a cookie reads its session: the reads that arrive in one turn of the event loop
  // share one statement (platform/db/turn-batcher.ts), built once and prepared (platform/db/prepared.ts).
  // Under load that is one round trip for several requests instead of one each; alone, a read waits for
  // nothing but the turn. Each request still reads its row when it arrives, never an older copy.
  const sessionsByIds = db
    .select({
      id: sessions.id,
      csrfToken: sessions.csrfToken,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      username: users.username,
      role: users.role,
      accountState: users.accountState,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.id} = ANY(${sql.placeholder('ids')}::text[])`)
    .prepare('sessions_by_ids');
  const sessionReads = createTurnBatcher<string, SessionRow | undefined>({
    maxBatch: 100,
    maxInFlight: 4,
    write: async (ids) => {
      // Session ids are hex SHA-256 digests: nothing in them needs quoting inside the array literal.
      const rows = await sessionsByIds.execute({ ids: `{${ids.join(',')}}` });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => ({ ok: true, value: byId.get(id) }));
    },
  });
  if (events) {
    const unsubscribe = events.subscribe((event) => {
      if (event.type === BUS_RESYNC_EVENT) recent.clear();
      const revocation = revocationOf(event);
      if (!revocation) return;
      if (revocation.sessionIds) for (const id of revocation.sessionIds) recent.delete(id);
      else for (const userId of event.userIds) recent.deleteUser(userId);
    });
    app.addHook('onClose', async () => unsubscribe());
  }

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[cookieName(request)] ?? request.cookies.sid;
    if (!token) {
      // A bot's call: its key stands for the session, and for the CSRF token (no browser sends it).
      const key = bearerOf(request);
      if (key && apiKeys && !request.is404) {
        const principal = await apiKeys(request, key);
        request.user = principal.user;
        request.apiKey = { id: principal.keyId, scopes: principal.scopes };
      }
      return;
    }
    const id = sha256(token);
    const reads = request.method === 'GET' || request.method === 'HEAD';
    let row = reads ? recent.get(id) : undefined;
    if (!row) {
      row = await sessionReads.add(id);
      if (row) recent.set(row);
      else recent.delete(id);
    }
    const at = now().getTime();
    if (!row) return;
    const expired = row.expiresAt.getTime() <= at || row.lastSeenAt.getTime() + idleMs <= at;
    // A ban or suspension takes effect on the very next request (ASVS 8.3.2, 7.4.2).
    const lockedOut = row.userId !== null && row.accountState !== null && isLockedOut(row.accountState);
    if (expired || lockedOut) {
      recent.delete(row.id);
      await destroy(row);
      reply.clearCookie(cookieName(request), { path: '/' });
      return;
    }
    request.session = { id: row.id, csrfToken: row.csrfToken, userId: row.userId };
    if (row.userId !== null && row.username !== null && row.role !== null && row.accountState !== null) {
      request.user = {
        id: row.userId,
        username: row.username,
        role: row.role,
        accountState: row.accountState,
      };
    }
    if (at - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      const seen = now();
      await db.update(sessions).set({ lastSeenAt: seen }).where(eq(sessions.id, row.id));
      row.lastSeenAt = seen;
    }
  });

  // The staff console's gate (staff-guard.ts): after the session is known, before CSRF and validation,
  // so an outsider gets the same 404 as an unknown route on every /rest/v1/admin/ path.
  app.addHook('onRequest', staffGate);

  // Who may call each route (route-gate.ts, decision 0049): the login and the API key's scope, checked
  // before CSRF and validation, so a visitor gets 401 and a key 403 whatever the body.
  app.addHook('onRequest', routeGate);

  // CSRF: every state-changing call must echo the session's token (ASVS 3.5.1), or, without a session
  // (login, register), the token of this browser's CSRF cookie, which another site can neither read nor
  // set. Checked before the body is parsed or validated, so a forged request learns nothing; unknown
  // routes still answer 404.
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || request.is404) return;
    if (request.routeOptions.config?.csrf === false || request.apiKey) return;
    const header = request.headers['x-csrf-token'];
    const sent = Array.isArray(header) ? header[0] : header;
    const expected = request.session ? request.session.csrfToken : anonymousToken(request);
    if (!expected || !sent || !safeEqual(sent, expected)) {
      throw new AppError(403, 'CSRF_TOKEN_MISMATCH', 'Your session has expired. Please reload the page.');
    }
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set to false only on routes that cannot carry a token: server-to-server calls that prove themselves
     * otherwise (the identity service's HMAC-signed callback, decision 0041).
     */
    csrf?: boolean;
  }
}

export const sessionsPlugin = fp(sessionPlugin, { name: 'sessions', dependencies: ['@fastify/cookie'] });

/**
 * Ends every session of a user: on ban or suspension, and when an admin asks. With `events`, every
 * instance's gateway closes the user's sockets at once (without, only its next periodic check does).
 */
export async function revokeSessionsOfUser(db: Db, userId: number, events?: EventBus): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  announceRevocation(events, userId, null);
}

/** Guard for routes that need a logged-in user. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function requireRole(request: FastifyRequest, ...roles: UserRole[]): AuthUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw new AppError(404, 'NOT_FOUND', 'Not found');
  return user;
}
