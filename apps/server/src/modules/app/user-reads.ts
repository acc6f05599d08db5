import type { FastifyInstance } from 'fastify';
import { UserReadCache } from '../../platform/cache/user-reads.js';
import type { ChangeFeed } from '../../platform/db/changes.js';
import type { EventBus } from '../../platform/events/bus.js';
import { BUS_RESYNC_EVENT } from '../../platform/events/pg-bus.js';
import { MARKET_CHANGED_EVENT, VIEWER_CHANGED_EVENT } from '../offers/market-events.js';

/**
 * Told on the bus when a committed transaction changed users' data: every instance drops what it keeps
 * for them, and the users' open pages hear it (data null: they re-read what they show).
 */
export const ACCOUNT_CHANGED_EVENT = 'account.changed';

/** Events that change nothing a user's own reads show. */
const NOT_A_CHANGE = new Set(['trade.typing', MARKET_CHANGED_EVENT]);

/**
 * The per-user read cache (issue 28) and everything that invalidates it, in one place:
 * - a committed change to a user's data (the repositories announce them: platform/db/changes.ts) goes
 *   on the bus as `account.changed`, so every instance hears it;
 * - every event on the bus drops the users it names (a trade's parties on each status change and chat
 *   message, a verification decided, sessions revoked, a company account changed), and a lost bus
 *   connection (`bus.resync`) drops everything;
 * - every state-changing request drops its own user's reads before its answer leaves, so a user always
 *   reads their own writes on the instance that took them (several instances: balance by session).
 */
export function createUserReads(
  app: FastifyInstance,
  options: { ttlMs: number; changes: ChangeFeed; events: EventBus },
): UserReadCache {
  const cache = new UserReadCache({ ttlMs: options.ttlMs });
  const { events } = options;
  const unsubscribeChanges = options.changes.subscribe((userIds) =>
    events.publish({ type: ACCOUNT_CHANGED_EVENT, userIds: [...new Set(userIds)], data: null }),
  );
  const unsubscribeBus = events.subscribe((event) => {
    if (event.type === BUS_RESYNC_EVENT) return cache.clear();
    if (NOT_A_CHANGE.has(event.type)) return;
    cache.invalidate(event.userIds);
    if (event.type === VIEWER_CHANGED_EVENT) {
      const named = (event.data as { userIds?: unknown } | null)?.userIds;
      if (Array.isArray(named)) cache.invalidate(named.filter((id): id is number => typeof id === 'number'));
    }
  });
  app.addHook('onSend', async (request) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD') {
      cache.invalidate([request.user.id]);
    }
  });
  app.addHook('onClose', async () => {
    unsubscribeChanges();
    unsubscribeBus();
  });
  return cache;
}
