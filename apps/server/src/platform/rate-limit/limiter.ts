import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { createReservationWriter } from './reservations.js';

/** One limit: at most `limit` hits per subject in each window of `windowMs` (0 switches it off). */
export type RateRule = {
  /** Part of the counter's key; unique per rule. */
  name: string;
  limit: number;
  windowMs: number;
  /** What the 429 says, given the whole seconds to wait. */
  message: (retryAfterSeconds: number) => string;
};

export type RateLimiter = {
  /** Counts one hit of `subject` under `rule`; throws 429 RATE_LIMITED with Retry-After past the limit. */
  hit(rule: RateRule, subject: string): Promise<void>;
};

/** Keys this process holds slots or refusals for; past this many, the expired ones are dropped. */
const MAX_LOCAL_KEYS = 20_000;

/**
 * How many slots one database write reserves: a quarter of the limit (1 for limits under 8, where
 * every hit is a write). A visitor's first search of the minute is a write, the next 29 are not.
 */
export const slotsPerReservation = (limit: number): number => Math.max(1, Math.floor(limit / 4));

export const rateLimited = (rule: RateRule, retryAfterMs: number): AppError => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, 'RATE_LIMITED', rule.message(seconds), undefined, {
    'retry-after': String(seconds),
  });
};

type Local = { slots: number; windowEndsAt: number };

/**
 * Fixed-window counters in PostgreSQL (`rate_limit_counters`), so every server instance counts against
 * the same numbers. The stored count is of slots handed out: an instance reserves several at once
 * (`slotsPerReservation`), one reservation per key at a time, and spends them from memory, so all
 * instances together never hand out more than the limit; slots an instance reserved but did not spend
 * lapse with the window (a client moving between instances may be refused a few hits early, never late).
 * Reservations of many clients arriving together go to the database in one statement (reservations.ts).
 *
 * Refused hits count too (they do not lengthen the window), and a refused key is answered from memory
 * until its window ends, so a client hammering past its limit costs no database write.
 */
export function createRateLimiter(db: Db, now: () => Date = () => new Date()): RateLimiter {
  const local = new Map<string, Local>();
  const writer = createReservationWriter(db);
  /** The reservation in flight per key: simultaneous hits of one client wait for it, not the row. */
  const reserving = new Map<string, Promise<void>>();

  function remember(key: string, entry: Local, at: number) {
    if (local.size >= MAX_LOCAL_KEYS && !local.has(key)) {
      for (const [k, v] of local) if (v.windowEndsAt <= at) local.delete(k);
      // Forgetting only costs a database write on the next hit: never a hit too many.
      if (local.size >= MAX_LOCAL_KEYS) local.clear();
    }
    local.set(key, entry);
  }

  async function reserve(rule: RateRule, key: string, at: Date) {
    const wanted = slotsPerReservation(rule.limit);
    const { count, windowEndsAt } = await writer.reserve({ key, slots: wanted, at, windowMs: rule.windowMs });
    const granted = Math.min(wanted, rule.limit - (count - wanted));
    // Slots this process still holds for the window stay usable when a new reservation is refused.
    const current = local.get(key);
    const left =
      current !== undefined && current.windowEndsAt === windowEndsAt ? Math.max(0, current.slots) : 0;
    if (granted > 0 || left > 0) {
      remember(key, { slots: Math.max(0, granted) + left, windowEndsAt }, at.getTime());
    } else {
      remember(key, { slots: -1, windowEndsAt }, at.getTime());
    }
  }

  return {
    async hit(rule, subject) {
      if (rule.limit <= 0) return;
      const key = `${rule.name}:${subject}`;
      const at = now();
      const atMs = at.getTime();
      for (;;) {
        const held = local.get(key);
        if (held && held.windowEndsAt > atMs) {
          if (held.slots > 0) {
            held.slots -= 1;
            return;
          }
          if (held.slots < 0) throw rateLimited(rule, held.windowEndsAt - atMs);
        }
        // No slot here: reserve more, or wait for the reservation another hit of this key started.
        let pending = reserving.get(key);
        if (!pending) {
          pending = reserve(rule, key, at).finally(() => reserving.delete(key));
          reserving.set(key, pending);
        }
        await pending;
      }
    },
  };
}
