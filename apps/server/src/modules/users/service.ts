import type { AccountState, RegisterBody, UserRole } from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { uniqueViolationOf } from '../../platform/db/errors.js';
import type { EventBus } from '../../platform/events/bus.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords.js';
import { assertAllowed, isLockedOut } from '../../platform/auth/account-policy.js';
import { revokeSessionsOfUser } from '../../platform/auth/session.js';
import { AppError, notFound, validationError } from '../../platform/http/errors.js';
import { usersRepository, type UserRow } from './repository.js';

export type CreateUserInput = RegisterBody & { role?: UserRole; isDemoAccount?: boolean };

/**
 * `events`: where a ban or suspension is announced, so the user's sockets close at once everywhere.
 * `onRegistered`: what a new account gets in its creating transaction (the e-mail verification code).
 */
export function createUsersService(
  db: Db,
  {
    events,
    onRegistered,
  }: { events?: EventBus; onRegistered?: (tx: DbOrTx, user: UserRow) => Promise<void> } = {},
) {
  return {
    /**
     * Creates an account. Uniqueness is left to the database's case-insensitive unique indexes, so two
     * simultaneous registrations of "Alice" and "alice" cannot both succeed.
     */
    async create(input: CreateUserInput): Promise<UserRow> {
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const user = await usersRepository.insert(tx, {
            username: input.username,
            email: input.email,
            passwordHash,
            role: input.role ?? 'user',
            isDemoAccount: input.isDemoAccount ?? false,
          });
          await onRegistered?.(tx, user);
          return user;
        });
      } catch (error) {
        const violation = uniqueViolationOf(error);
        if (violation) {
          if (violation.constraint === 'users_username_lower_key') {
            throw validationError([
              { field: 'username', message: 'This username is taken', code: 'USERNAME_TAKEN' },
            ]);
          }
          if (violation.constraint === 'users_email_lower_key') {
            // Worded so that it does not confirm an account (decision 0015); registration is rate limited.
            throw validationError([
              {
                field: 'email',
                message: 'This e-mail address cannot be used to sign up. Use another one, or log in.',
                code: 'EMAIL_TAKEN',
              },
            ]);
          }
        }
        throw error;
      }
    },

    /**
     * Checks a login and password. Every failure looks the same to the caller (one generic 401), and
     * the account-state rule runs only after the password matched, so states leak to nobody else.
     */
    async authenticate(login: string, password: string): Promise<UserRow> {
      const user = await usersRepository.findByLogin(db, login);
      const ok = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', 'Wrong username, e-mail or password.');
      if (user.closedAt) {
        throw new AppError(403, 'ACCOUNT_CLOSED', 'This account was closed by its owner.');
      }
      assertAllowed(user.accountState, 'login');
      await usersRepository.touchLogin(db, user.id);
      return user;
    },

    /** The account a login text names (username or e-mail, as `authenticate` reads it), else null. */
    async accountIdOf(login: string): Promise<number | null> {
      return (await usersRepository.findByLogin(db, login))?.id ?? null;
    },

    async getById(id: number): Promise<UserRow> {
      const user = await usersRepository.findById(db, id);
      if (!user) throw notFound('User not found');
      return user;
    },

    async getByUsername(username: string): Promise<UserRow> {
      const user = await usersRepository.findByUsername(db, username);
      if (!user) throw notFound('User not found');
      return user;
    },

    async setAccountState(username: string, state: AccountState): Promise<UserRow> {
      const user = await this.getByUsername(username);
      const updated = await usersRepository.setAccountState(db, user.id, state);
      if (!updated) throw notFound('User not found');
      if (isLockedOut(state)) await revokeSessionsOfUser(db, user.id, events);
      return updated;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
