// Plain values without zod (the web's main bundle opens the socket; the frame schemas are in realtime.ts).

/**
 * One socket per browser tab, opened at `REALTIME_PATH` with the session cookie. Every frame is one JSON
 * object with a `type`.
 */
export const REALTIME_PATH = '/rest/v1/ws';

/**
 * Close codes the gateway uses besides the standard ones (1001 going away, 1008 policy, 1009 too big,
 * 1013 try again later). The client reconnects after any close except these two.
 */
export const REALTIME_CLOSE = {
  /** No logged-in session, or the session ended (logout, expiry, ban): log in again first. */
  unauthenticated: 4401,
  /** The user opened too many sockets; this, the oldest, was closed to make room. */
  replaced: 4409,
} as const;
