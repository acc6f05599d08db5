import { randomInt } from 'node:crypto';
import {
  API_KEY_PREFIX,
  apiKeyScopeSchema,
  MAX_API_KEYS,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyScope,
  type CreatedApiKey,
  type createApiKeyBodySchema,
} from '@app/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth/session.js';
import { isLockedOut } from '../../platform/auth/account-policy.js';
import { safeEqual, sha256 } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { apiKeys } from './tables.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomBase62 = (length: number) => Array.from({ length }, () => BASE62[randomInt(62)]).join('');

/** `p2pk_<public id, 10>_<secret, 40>`: the secret carries 238 random bits. */
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}([0-9A-Za-z]{10})_([0-9A-Za-z]{40})$`);

/** A key's last use is written at most this often: a bot's every call would otherwise be a write. */
const TOUCH_INTERVAL_MS = 60_000;

type Row = typeof apiKeys.$inferSelect;

/** Who a key speaks for and what it may do, once it is proven. */
export type ApiKeyPrincipal = { keyId: number; scopes: readonly ApiKeyScope[]; user: AuthUser };

const invalidKey = () =>
  new AppError(401, 'INVALID_API_KEY', 'This API key is not valid, or it was revoked.');

const present = (row: Row): ApiKey => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes.filter((scope) => apiKeyScopeSchema.safeParse(scope).success) as ApiKeyScope[],
  prefix: `${API_KEY_PREFIX}${row.publicId}`,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastUsedIp: row.lastUsedIp,
});

/**
 * API keys (decision 0042): created and revoked by their owner in a browser session, proven on every
 * call by the SHA-256 of their secret (compared in constant time), read from the database each time so
 * a revocation or a ban holds from the next call on.
 */
export function createApiKeysService(db: Db, now: () => Date = () => new Date()) {
  const touched = new Map<number, number>();

  return {
    async list(userId: number): Promise<ApiKeyList> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.id));
      return { keys: rows.map(present), max: MAX_API_KEYS };
    },

    async hasActive(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .limit(1);
      return row !== undefined;
    },

    /** A new key: its secret is answered this once and only its hash is kept. */
    async create(userId: number, body: z.output<typeof createApiKeyBodySchema>): Promise<CreatedApiKey> {
      const publicId = randomBase62(10);
      const secret = randomBase62(40);
      const row = await db.transaction(async (tx) => {
        // The owner's row serialises their creations, so simultaneous ones cannot pass the limit.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
        if (count >= MAX_API_KEYS) {
          throw new AppError(
            409,
            'API_KEY_LIMIT',
            `You have ${MAX_API_KEYS} keys: revoke one before creating another.`,
          );
        }
        const [created] = await tx
          .insert(apiKeys)
          .values({ userId, name: body.name, publicId, secretHash: sha256(secret), scopes: body.scopes })
          .returning();
        if (!created) throw new Error('insert into api_keys returned no row');
        return created;
      });
      return { ...present(row), secret: `${API_KEY_PREFIX}${publicId}_${secret}` };
    },

    /** Revokes one of my keys at once; another's (or an unknown one) is a 404. */
    async revoke(userId: number, id: number): Promise<void> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: now() })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (!row) throw notFound('API key not found');
      touched.delete(id);
    },

    /**
     * The principal of an `Authorization: Bearer` key, or 401 `INVALID_API_KEY`: malformed, unknown,
     * revoked, a wrong secret, or an owner who may not log in (banned, suspended...).
     */
    async authenticate(key: string, ip: string): Promise<ApiKeyPrincipal> {
      const match = KEY_PATTERN.exec(key);
      if (!match) throw invalidKey();
      const [, publicId = '', secret = ''] = match;
      const [row] = await db
        .select({
          id: apiKeys.id,
          secretHash: apiKeys.secretHash,
          scopes: apiKeys.scopes,
          revokedAt: apiKeys.revokedAt,
          userId: users.id,
          username: users.username,
          role: users.role,
          accountState: users.accountState,
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(eq(apiKeys.publicId, publicId));
      // The hash is compared even for an unknown id, so the answer takes as long either way.
      const proven = safeEqual(sha256(secret), row?.secretHash ?? sha256(''));
      if (!row || !proven || row.revokedAt !== null || isLockedOut(row.accountState)) throw invalidKey();

      const at = now().getTime();
      if ((touched.get(row.id) ?? 0) + TOUCH_INTERVAL_MS <= at) {
        touched.set(row.id, at);
        await db
          .update(apiKeys)
          .set({ lastUsedAt: new Date(at), lastUsedIp: ip })
          .where(eq(apiKeys.id, row.id));
      }
      return {
        keyId: row.id,
        scopes: row.scopes as ApiKeyScope[],
        user: { id: row.userId, username: row.username, role: row.role, accountState: row.accountState },
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
