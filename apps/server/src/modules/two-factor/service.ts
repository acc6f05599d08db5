import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TwoFactorState } from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { mailTime, type Outbox } from '../../platform/mail/index.js';
import { codeRefusal, useCode } from '../../platform/auth/one-time-codes.js';
import { sha256 } from '../../platform/auth/tokens.js';
import { AppError, notFound, validationError } from '../../platform/http/errors.js';
import type { RateLimits } from '../../platform/rate-limit/index.js';
import { usersRepository, type UserRow } from '../users/repository.js';
import { twoFactorRecoveryCodes, userTwoFactor } from './tables.js';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What a second factor protects (the spec's `twoFactor (login, release, sendout)`). */
export type ProtectedAction = 'login' | 'release' | 'sendout';

const RECOVERY_CODES = 10;
const recoveryHash = (userId: number, code: string) =>
  sha256(`recovery:${userId}:${code.toLowerCase().replace('-', '')}`);
/** `abcd-efgh`: 40 random bits each, from an alphabet without look-alikes. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]!);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}
const isRecoveryCode = (code: string) => !/^\d{6}$/.test(code);

const required = () =>
  new AppError(403, 'TWO_FACTOR_REQUIRED', 'Enter your two-factor code to confirm this.', [
    { field: 'code', message: 'Enter your two-factor code', code: 'two_factor_required' },
  ]);
const wrongCode = () =>
  validationError([{ field: 'code', message: 'This code is not right.', code: 'invalid_code' }]);

/**
 * Two-factor authentication (decision 0028): an authenticator app (TOTP) or codes mailed to the verified
 * address, recovery codes, and `confirm(user, action, code)` for the actions the user protects. Each
 * change mails the owner.
 */
export function createTwoFactor({
  db,
  outbox,
  limits,
  appName,
  now = () => new Date(),
}: {
  db: Db;
  outbox: Outbox;
  limits: RateLimits;
  appName: string;
  now?: () => Date;
}) {
  async function rowOf(db_: DbOrTx, userId: number) {
    const [row] = await db_.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    return row;
  }

  async function userOf(userId: number): Promise<UserRow> {
    const user = await usersRepository.findById(db, userId);
    if (!user) throw notFound('User not found');
    return user;
  }

  const mailChange = async (tx: DbOrTx, user: UserRow, change: { en: string; es: string }) => {
    await outbox.queueMail(tx, {
      to: user.email,
      userId: user.id,
      template: 'two_factor_changed',
      locale: user.locale,
      data: {
        when: mailTime(user, now()),
        change: user.locale === 'es' ? change.es : change.en,
      },
    });
  };

  /** A recovery code, used once (one conditional UPDATE). */
  async function useRecoveryCode(tx: DbOrTx, userId: number, code: string): Promise<boolean> {
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`UPDATE two_factor_recovery_codes SET used_at = ${now().toISOString()}::timestamptz
        WHERE id = (SELECT id FROM two_factor_recovery_codes WHERE user_id = ${userId}
          AND code_hash = ${recoveryHash(userId, code)} AND used_at IS NULL LIMIT 1)
        AND used_at IS NULL RETURNING id`),
    );
    return rows.length === 1;
  }

  /** An authenticator code newer than the last accepted one (never the same code twice). */
  async function useTotp(tx: DbOrTx, userId: number, secret: string, code: string): Promise<boolean> {
    const step = matchingStep(secret, code, now());
    if (step === null) return false;
    const rows = rowsOf<{ user_id: number }>(
      await tx.execute(sql`UPDATE user_two_factor SET last_totp_step = ${step}
        WHERE user_id = ${userId} AND (last_totp_step IS NULL OR last_totp_step < ${step}) RETURNING user_id`),
    );
    return rows.length === 1;
  }

  /** Checks a second factor of an enabled user: their method's code, or a recovery code. */
  async function check(userId: number, code: string): Promise<'ok' | 'wrong' | 'exhausted'> {
    await limits.secondFactor(userId);
    const row = await rowOf(db, userId);
    if (!row?.type) return 'wrong';
    if (isRecoveryCode(code)) return (await useRecoveryCode(db, userId, code)) ? 'ok' : 'wrong';
    if (row.type === 'ga') return (await useTotp(db, userId, row.totpSecret!, code)) ? 'ok' : 'wrong';
    const used = await useCode(db, { userId, purpose: 'step_up', code, now: now() });
    if (used.ok && used.channel === 'email') return 'ok';
    return !used.ok && used.reason === 'exhausted' ? 'exhausted' : 'wrong';
  }

  const assertCode = async (userId: number, code: string) => {
    const result = await check(userId, code);
    if (result === 'exhausted') throw codeRefusal('exhausted');
    if (result !== 'ok') throw wrongCode();
  };

  async function issueRecoveryCodes(tx: DbOrTx, userId: number): Promise<string[]> {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: recoveryHash(userId, code) })));
    return codes;
  }

  async function enable(
    userId: number,
    type: 'ga' | 'email',
    proof: (tx: DbOrTx, row: Awaited<ReturnType<typeof rowOf>>) => Promise<boolean>,
  ) {
    await limits.secondFactor(userId);
    const user = await userOf(userId);
    const result = await db.transaction(async (tx) => {
      await usersRepository.lockById(tx, userId);
      const row = await rowOf(tx, userId);
      if (row?.type) {
        throw new AppError(
          409,
          'TWO_FACTOR_ENABLED',
          'Two-factor authentication is already on. Turn it off first.',
        );
      }
      if (!(await proof(tx, row))) return null;
      await tx
        .insert(userTwoFactor)
        .values({ userId, type, enabledAt: now(), updatedAt: now() })
        .onConflictDoUpdate({
          target: userTwoFactor.userId,
          set: {
            type,
            enabledAt: now(),
            login: true,
            release: true,
            sendout: true,
            updatedAt: now(),
            ...(type === 'ga' ? { totpSecret: row!.pendingSecret, pendingSecret: null } : {}),
          },
        });
      const recoveryCodes = await issueRecoveryCodes(tx, userId);
      await mailChange(tx, user, {
        en: type === 'ga' ? 'an authenticator app was turned on' : 'codes by e-mail were turned on',
        es: type === 'ga' ? 'se activó una app de autenticación' : 'se activaron los códigos por correo',
      });
      return recoveryCodes;
    });
    if (!result) throw wrongCode();
    outbox.kick();
    return { recoveryCodes: result };
  }

  return {
    async state(userId: number): Promise<TwoFactorState> {
      const row = await rowOf(db, userId);
      const [left] = rowsOf<{ n: number }>(
        await db.execute(
          sql`SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`,
        ),
      );
      const enabled = Boolean(row?.type);
      return {
        enabled,
        type: row?.type ?? 'none',
        login: enabled && row!.login,
        release: enabled && row!.release,
        sendout: enabled && row!.sendout,
        recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0,
      };
    },

    /** The current user's `twoFactor` flags (the spec's current-user field). */
    async flags(userId: number) {
      const { login, release, sendout } = await this.state(userId);
      return { login, release, sendout };
    },

    /** A new authenticator key, kept aside until the first code from the app proves it was added. */
    async setupTotp(userId: number) {
      const user = await userOf(userId);
      const secret = newTotpSecret();
      await db.transaction(async (tx) => {
        await usersRepository.lockById(tx, userId);
        if ((await rowOf(tx, userId))?.type) {
          throw new AppError(
            409,
            'TWO_FACTOR_ENABLED',
            'Two-factor authentication is already on. Turn it off first.',
          );
        }
        await tx
          .insert(userTwoFactor)
          .values({ userId, pendingSecret: secret, updatedAt: now() })
          .onConflictDoUpdate({
            target: userTwoFactor.userId,
            set: { pendingSecret: secret, updatedAt: now() },
          });
      });
      return { secret, otpauthUrl: otpauthUrl(secret, user.username, appName) };
    },

    /** Turns the app on with its first code; answers the recovery codes (shown once). */
    enableTotp(userId: number, code: string) {
      return enable(userId, 'ga', async (tx, row) => {
        if (!row?.pendingSecret) {
          throw new AppError(409, 'TWO_FACTOR_SETUP_NEEDED', 'Start the setup first: scan the new key.');
        }
        const step = matchingStep(row.pendingSecret, code, now());
        if (step === null) return false;
        // The first code is spent like any other: it cannot log in afterwards.
        await tx.update(userTwoFactor).set({ lastTotpStep: step }).where(eq(userTwoFactor.userId, userId));
        return true;
      });
    },

    /** Turns mailed codes on with a code sent by `POST /auth/send-email-code` (a verified address only). */
    async enableEmail(userId: number, code: string) {
      const user = await userOf(userId);
      if (!user.isEmailVerified) {
        throw new AppError(409, 'EMAIL_NOT_VERIFIED', 'Verify your e-mail address first.');
      }
      return enable(userId, 'email', async (tx) => {
        const used = await useCode(tx, { userId, purpose: 'step_up', code, target: user.email, now: now() });
        if (!used.ok && used.reason === 'exhausted') throw codeRefusal('exhausted');
        return used.ok;
      });
    },

    /** Turns two-factor off with a code (or a recovery code): keys and recovery codes are deleted. */
    async disable(userId: number, code: string) {
      const user = await userOf(userId);
      if (!(await rowOf(db, userId))?.type) {
        throw new AppError(409, 'TWO_FACTOR_DISABLED', 'Two-factor authentication is off.');
      }
      await assertCode(userId, code);
      await db.transaction(async (tx) => {
        await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await mailChange(tx, user, {
          en: 'two-factor authentication was turned off',
          es: 'se desactivó la verificación en dos pasos',
        });
      });
      outbox.kick();
      return this.state(userId);
    },

    /** Chooses what asks for a code (login, release, send-out), confirmed by a code. */
    async setFlags(
      userId: number,
      flags: { login: boolean; release: boolean; sendout: boolean },
      code: string,
    ) {
      const user = await userOf(userId);
      if (!(await rowOf(db, userId))?.type) {
        throw new AppError(409, 'TWO_FACTOR_DISABLED', 'Turn two-factor authentication on first.');
      }
      await assertCode(userId, code);
      await db.transaction(async (tx) => {
        await tx
          .update(userTwoFactor)
          .set({ ...flags, updatedAt: now() })
          .where(eq(userTwoFactor.userId, userId));
        const on = (['login', 'release', 'sendout'] as const).filter((f) => flags[f]);
        await mailChange(tx, user, {
          en: `a code is now asked for: ${on.join(', ') || 'nothing'}`,
          es: `ahora se pide un código para: ${on.join(', ') || 'nada'}`,
        });
      });
      outbox.kick();
      return this.state(userId);
    },

    /** Whether `action` asks this user for a second factor, and which kind. */
    async requirement(userId: number, action: ProtectedAction): Promise<'ga' | 'email' | null> {
      const row = await rowOf(db, userId);
      return row?.type && row[action] ? row.type : null;
    },

    /**
     * Lets `action` through when the user does not protect it, or with a right code: 403
     * `TWO_FACTOR_REQUIRED` without one, 422 on `code` with a wrong one.
     */
    async confirm(userId: number, action: ProtectedAction, code: string | undefined): Promise<void> {
      if (!(await this.requirement(userId, action))) return;
      if (!code) throw required();
      await assertCode(userId, code);
    },

    /**
     * Whether `code` proves the owner is here, for a sensitive change (the e-mail address): a step-up
     * code sent to their address or phone, or, with two-factor on, its code or a recovery code.
     */
    async proves(userId: number, code: string): Promise<boolean> {
      await limits.secondFactor(userId);
      if (/^\d{6}$/.test(code)) {
        const used = await useCode(db, { userId, purpose: 'step_up', code, now: now() });
        if (used.ok) return true;
        if (used.reason === 'exhausted') throw codeRefusal('exhausted');
      }
      if (!(await rowOf(db, userId))?.type) return false;
      return (await check(userId, code)) === 'ok';
    },

    /** A login's second step: true when the code is right (the caller counts attempts). */
    async checkLogin(userId: number, code: string): Promise<boolean> {
      const result = await check(userId, code);
      if (result === 'exhausted') throw codeRefusal('exhausted');
      return result === 'ok';
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
