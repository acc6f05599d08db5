import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { knownDevices } from './tables.js';
import { sha256 } from './tokens.js';

/** A device that has not logged in for this long is a stranger again. */
export const KNOWN_DEVICE_MS = 365 * 24 * 60 * 60_000;

/** What `randomToken()` makes: anything else in the device cookie is ignored. */
export const DEVICE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The browsers each user has logged in from. The login throttle gives such a browser its own budget
 * of failures, so failures from elsewhere cannot lock the owner out (decision 0001, "Login throttle").
 */
export const knownDevicesRepository = {
  async isKnown(db: Db, token: string, userId: number, now: Date): Promise<boolean> {
    const [row] = await db
      .select({ userId: knownDevices.userId })
      .from(knownDevices)
      .where(
        and(
          eq(knownDevices.tokenHash, sha256(token)),
          eq(knownDevices.userId, userId),
          gt(knownDevices.lastLoginAt, new Date(now.getTime() - KNOWN_DEVICE_MS)),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async remember(db: Db, token: string, userId: number, now: Date): Promise<void> {
    await db
      .insert(knownDevices)
      .values({ tokenHash: sha256(token), userId, createdAt: now, lastLoginAt: now })
      .onConflictDoUpdate({
        target: [knownDevices.tokenHash, knownDevices.userId],
        set: { lastLoginAt: sql`excluded.last_login_at` },
      });
  },

  /** Devices unused for a year: housekeeping. */
  async purgeForgotten(db: Db, now: Date): Promise<number> {
    const rows = await db
      .delete(knownDevices)
      .where(lt(knownDevices.lastLoginAt, new Date(now.getTime() - KNOWN_DEVICE_MS)))
      .returning({ userId: knownDevices.userId });
    return rows.length;
  },
};
