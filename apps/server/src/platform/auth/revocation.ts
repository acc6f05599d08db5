import type { BusEvent, EventBus } from '../events/bus.js';

/**
 * Sessions that ended (logout, a new login on the same browser, a ban, a suspension, an admin revoking
 * them) announced on the event bus, so the WebSocket gateway of every instance closes their sockets at
 * once instead of at its next periodic check (decision 0011, "Session check"). Server-internal: the
 * gateway never forwards this event to a socket.
 */
export const SESSIONS_REVOKED_EVENT = 'sessions.revoked';

/** `sessionIds` are session row ids (SHA-256 of the cookie); null means every session of the user. */
export type SessionsRevokedData = { sessionIds: string[] | null };

export function announceRevocation(
  events: EventBus | undefined,
  userId: number,
  sessionIds: string[] | null,
): void {
  const data: SessionsRevokedData = { sessionIds };
  events?.publish({ type: SESSIONS_REVOKED_EVENT, userIds: [userId], data });
}

/** The revocation an event carries, or null for any other event. */
export function revocationOf(event: BusEvent): SessionsRevokedData | null {
  if (event.type !== SESSIONS_REVOKED_EVENT) return null;
  const { sessionIds } = (event.data ?? {}) as Partial<SessionsRevokedData>;
  if (Array.isArray(sessionIds) && sessionIds.every((id) => typeof id === 'string')) return { sessionIds };
  // Anything else closes every socket of the user: a client whose session still holds reconnects.
  return { sessionIds: null };
}
