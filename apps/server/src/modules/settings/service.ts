import { sql } from 'drizzle-orm';
import type { UserSettings, UserSettingsBody } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { uniqueViolationOf } from '../../platform/db/errors.js';
import type { EventBus } from '../../platform/events/bus.js';
import { assertAllowed } from '../../platform/auth/account-policy.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { revokeSessionsOfUser } from '../../platform/auth/session.js';
import { newFileKey, type FileStore } from '../../platform/files/storage.js';
import { AppError, notFound, validationError } from '../../platform/http/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
import { avatarUrlOf } from '../users/index.js';
import { usersRepository, type UserRow } from '../users/repository.js';
import { processAvatar } from './avatar.js';
import { announceMarketChange } from '../offers/index.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What other modules know that closing an account must ask (passed in by the app: no imports back). */
export type CloseAccountGuards = {
  /** A trade holding escrow runs (either side). */
  hasActiveTrades(userId: number): Promise<boolean>;
};

/**
 * The account's settings (decision 0029): the profile and preferences, the one username change, the
 * avatar, and closing the account (not with a running trade or money on it; sessions end at once).
 */
export function createSettings({
  db,
  catalogue,
  store,
  events,
  guards,
  now = () => new Date(),
}: {
  db: Db;
  catalogue: Pick<CatalogueService, 'data'>;
  store: FileStore;
  events: EventBus;
  guards: CloseAccountGuards;
  now?: () => Date;
}) {
  async function userOf(userId: number): Promise<UserRow> {
    const user = await usersRepository.findById(db, userId);
    if (!user) throw notFound('User not found');
    return user;
  }

  async function present(user: UserRow): Promise<UserSettings> {
    const currency = (await catalogue.data()).currencyByCode.get(user.currencyCode);
    return {
      bio: user.bio,
      notifyTradeMessagesInterval: user.notifyTradeMessagesInterval,
      fullNameVisibilityType: user.fullNameVisibility as UserSettings['fullNameVisibilityType'],
      fullNameDisplayType: user.fullNameDisplay as UserSettings['fullNameDisplayType'],
      fiatCurrencyCode: user.currencyCode,
      fiatCurrencyId: currency?.id ?? null,
      locale: user.locale,
      timezone: user.timezone,
      usernameChanged: user.usernameChanged,
      // Security questions are not part of this product: nothing to answer.
      securityQuestionsAnswered: false,
      avatarUrl: avatarUrlOf(user),
      phoneData: { number: null, code: null, countdown: null, isAttemptsExceeded: false },
    };
  }

  return {
    async get(userId: number) {
      return present(await userOf(userId));
    },

    async update(userId: number, body: UserSettingsBody & { notify_trade_messages_interval?: number }) {
      const user = await userOf(userId);
      assertAllowed(user.accountState, 'change_settings');
      if (body.fiat_currency_code && !(await catalogue.data()).currencyByCode.has(body.fiat_currency_code)) {
        throw validationError([
          {
            field: 'fiat_currency_code',
            message: 'Choose a currency from the list',
            code: 'unknown_currency',
          },
        ]);
      }
      const updated = await usersRepository.update(db, userId, {
        ...(body.bio !== undefined ? { bio: body.bio } : {}),
        ...(body.notify_trade_messages_interval !== undefined
          ? { notifyTradeMessagesInterval: Number(body.notify_trade_messages_interval) }
          : {}),
        ...(body.full_name_visibility_type ? { fullNameVisibility: body.full_name_visibility_type } : {}),
        ...(body.full_name_display_type ? { fullNameDisplay: body.full_name_display_type } : {}),
        ...(body.fiat_currency_code ? { currencyCode: body.fiat_currency_code } : {}),
        ...(body.locale ? { locale: body.locale } : {}),
        ...(body.timezone ? { timezone: body.timezone } : {}),
      });
      return present(updated);
    },

    /** The one username change an account gets (`usernameChanged`). */
    async setUsername(userId: number, username: string) {
      try {
        const updated = await db.transaction(async (tx) => {
          const user = await usersRepository.lockById(tx, userId);
          if (!user) throw notFound('User not found');
          assertAllowed(user.accountState, 'change_settings');
          if (user.usernameChanged) {
            throw new AppError(
              409,
              'USERNAME_ALREADY_CHANGED',
              'You have already changed your username once.',
            );
          }
          if (user.username === username) {
            throw validationError([
              { field: 'username', message: 'This is already your username.', code: 'same_username' },
            ]);
          }
          return usersRepository.update(tx, userId, { username, usernameChanged: true });
        });
        return present(updated);
      } catch (error) {
        if (uniqueViolationOf(error)) {
          throw validationError([
            { field: 'username', message: 'This username is taken', code: 'USERNAME_TAKEN' },
          ]);
        }
        throw error;
      }
    },

    /** A new avatar from an uploaded picture; the old file is removed once the new one is in place. */
    async setAvatar(userId: number, bytes: Buffer) {
      const user = await userOf(userId);
      assertAllowed(user.accountState, 'change_settings');
      const picture = await processAvatar(bytes);
      const key = newFileKey('avatars');
      await store.put(key, picture);
      const updated = await usersRepository.update(db, userId, { avatarKey: key });
      if (user.avatarKey) await store.remove(user.avatarKey);
      return present(updated);
    },

    async removeAvatar(userId: number) {
      const user = await userOf(userId);
      const updated = await usersRepository.update(db, userId, { avatarKey: null });
      if (user.avatarKey) await store.remove(user.avatarKey);
      return present(updated);
    },

    /** The avatar's bytes for `GET /rest/v1/users/{username}/avatar`, or null. */
    async avatarOf(username: string) {
      const user = await usersRepository.findByUsername(db, username);
      if (!user?.avatarKey || user.closedAt) return null;
      return store.open(user.avatarKey);
    },

    /**
     * Closes the account for good: refused while a trade runs or money is on it (crypto first leaves by
     * a withdrawal); the offers go off, the account notice says "account closed" (code 1), every session
     * ends and login is refused from then on.
     */
    async close(userId: number, password: string) {
      const user = await userOf(userId);
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw validationError([
          { field: 'password', message: 'This is not your password.', code: 'wrong_password' },
        ]);
      }
      if (await guards.hasActiveTrades(userId)) {
        throw new AppError(
          409,
          'ACCOUNT_HAS_OPEN_TRADES',
          'Finish your running trades before closing the account.',
        );
      }
      await db.transaction(async (tx) => {
        await usersRepository.lockById(tx, userId);
        const [funded] = rowsOf<{ code: string }>(
          await tx.execute(sql`SELECT crypto_code AS code FROM ledger_accounts
            WHERE user_id = ${userId} AND balance > 0 LIMIT 1`),
        );
        if (funded) {
          throw new AppError(
            409,
            'ACCOUNT_HAS_BALANCE',
            `Send out your ${funded.code} (and retrieve any security deposit) before closing the account.`,
          );
        }
        await tx.execute(
          sql`UPDATE offers SET is_active = false, updated_at = now() WHERE user_id = ${userId}`,
        );
        await usersRepository.update(tx, userId, { closedAt: now(), accountNotice: 1 });
      });
      await revokeSessionsOfUser(db, userId, events);
      announceMarketChange(events);
    },
  };
}

export type Settings = ReturnType<typeof createSettings>;
