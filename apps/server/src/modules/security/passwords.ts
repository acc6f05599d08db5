import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PasswordChangeBody, PasswordResetBody } from '@app/contract';
import type { Config } from '../../platform/config.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { mailTime, type Outbox } from '../../platform/mail/index.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { randomToken, sha256 } from '../../platform/auth/tokens.js';
import { validationError } from '../../platform/http/errors.js';
import type { RateLimits } from '../../platform/rate-limit/index.js';
import { recordAudit } from '../audit/index.js';
import { usersRepository, type UserRow } from '../users/repository.js';
import type { UserSessions } from './sessions.js';
import { passwordResetTokens } from './tables.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How long a reset link works. */
export const RESET_TOKEN_MS = 30 * 60_000;
/** A second reset mail to one account within this is not sent (the first is on its way). */
const RESET_RESEND_MS = 60_000;

/**
 * Passwords (decision 0027): the change (current password required, other sessions end, a mail says
 * so), the forgotten-password link (the same answer whether the address has an account; one link at a
 * time, 30 minutes, single use) and the reset (every session ends; an account staff marked compromised
 * becomes active again: the owner proved the mailbox). Hashing runs outside transactions: PGlite has one.
 */
export function createPasswords({
  db,
  outbox,
  config,
  sessions,
  limits,
  now = () => new Date(),
}: {
  db: Db;
  outbox: Outbox;
  config: Pick<Config, 'mail'>;
  sessions: UserSessions;
  limits: RateLimits;
  now?: () => Date;
}) {
  const when = (user: UserRow) => mailTime(user, now());

  const queueChanged = (tx: DbOrTx, user: UserRow, ip: string) =>
    outbox.queueMail(tx, {
      to: user.email,
      userId: user.id,
      template: 'password_changed',
      locale: user.locale,
      data: { when: when(user), ip },
    });

  return {
    async change(userId: number, currentSessionRowId: string, body: PasswordChangeBody, ip: string) {
      await limits.passwordChange(userId);
      const user = await usersRepository.findById(db, userId);
      if (!user || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
        throw validationError([
          { field: 'currentPassword', message: 'This is not your current password.', code: 'wrong_password' },
        ]);
      }
      if (await verifyPassword(user.passwordHash, body.newPassword)) {
        throw validationError([
          { field: 'newPassword', message: 'Choose a password you do not use now.', code: 'same_password' },
        ]);
      }
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await usersRepository.update(tx, userId, { passwordHash });
        await queueChanged(tx, user, ip);
      });
      outbox.kick();
      // The browser that changed it stays logged in; every other session (maybe a thief's) ends.
      return { endedSessions: await sessions.endOthers(userId, currentSessionRowId) };
    },

    /** Mails a reset link when the address has an account; answers nothing either way. */
    async forgot(email: string, ip: string): Promise<void> {
      await limits.passwordForgot(ip);
      const user = await usersRepository.findByLogin(db, email);
      if (!user) return;
      const sent = await db.transaction(async (tx) => {
        await usersRepository.lockById(tx, user.id);
        const [recent] = await tx
          .select({ id: passwordResetTokens.id })
          .from(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.userId, user.id),
              gt(passwordResetTokens.createdAt, new Date(now().getTime() - RESET_RESEND_MS)),
            ),
          )
          .limit(1);
        if (recent) return false;
        const token = randomToken();
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now() })
          .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
        await tx.insert(passwordResetTokens).values({
          userId: user.id,
          tokenHash: sha256(token),
          ip,
          createdAt: now(),
          expiresAt: new Date(now().getTime() + RESET_TOKEN_MS),
        });
        await outbox.queueMail(tx, {
          to: user.email,
          userId: user.id,
          template: 'password_reset',
          locale: user.locale,
          data: {
            url: `${config.mail.publicUrl}/password/reset?token=${token}`,
            minutes: String(RESET_TOKEN_MS / 60_000),
          },
        });
        return true;
      });
      if (sent) outbox.kick();
    },

    async reset(body: PasswordResetBody, ip: string) {
      const passwordHash = await hashPassword(body.password);
      const userId = await db.transaction(async (tx) => {
        // Used once: of two tabs submitting the same link, one resets the password.
        const [used] = rowsOf<{ user_id: number }>(
          await tx.execute(sql`UPDATE password_reset_tokens SET used_at = ${now().toISOString()}::timestamptz
            WHERE token_hash = ${sha256(body.token)} AND used_at IS NULL
              AND expires_at > ${now().toISOString()}::timestamptz
            RETURNING user_id`),
        );
        if (!used) return null;
        const user = await usersRepository.lockById(tx, Number(used.user_id));
        if (!user) return null;
        const restores = user.accountState === 'compromised';
        await usersRepository.update(tx, user.id, {
          passwordHash,
          // The mailbox's owner chose a new password: what made staff fear a takeover is gone.
          ...(restores ? { accountState: 'active' as const } : {}),
        });
        if (restores) {
          await recordAudit(tx, {
            actorId: user.id,
            actorRole: user.role,
            action: 'account.password_reset',
            targetType: 'user',
            targetId: user.username,
            reason: 'The owner reset the password from a link mailed to the account address.',
            before: { accountState: 'compromised' },
            after: { accountState: 'active' },
            ip,
          });
        }
        await queueChanged(tx, user, ip);
        return user.id;
      });
      if (userId === null) {
        throw validationError([
          {
            field: 'token',
            message: 'This link is no longer valid. Ask for a new one.',
            code: 'invalid_token',
          },
        ]);
      }
      outbox.kick();
      return { endedSessions: await sessions.endOthers(userId, null) };
    },
  };
}

export type Passwords = ReturnType<typeof createPasswords>;
