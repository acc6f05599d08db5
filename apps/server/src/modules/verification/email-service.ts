import type { EmailVerificationState } from '@app/contract';
import type { Config } from '../../platform/config.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { uniqueViolationOf } from '../../platform/db/errors.js';
import { mailTime, type Outbox } from '../../platform/mail/index.js';
import {
  assertMaySend,
  CODE_POLICIES,
  codeRefusal,
  issueCode,
  nextSendAt,
  useCode,
} from '../../platform/auth/one-time-codes.js';
import { AppError, notFound, validationError } from '../../platform/http/errors.js';
import { usersRepository, type UserRow } from '../users/repository.js';

/** Another account took the address meanwhile (the unique index decides): said without confirming who. */
const emailTakenOr = (error: unknown) =>
  uniqueViolationOf(error)
    ? validationError([
        {
          field: 'email',
          message: 'This e-mail address cannot be used. Use another one.',
          code: 'EMAIL_TAKEN',
        },
      ])
    : error;

const alreadyVerified = () =>
  new AppError(409, 'EMAIL_ALREADY_VERIFIED', 'Your e-mail address is already verified.');

/** 422 on `email` when the "new" address is the current one (case aside). */
function assertNewAddress(current: string, next: string) {
  if (current.toLowerCase() === next.toLowerCase()) {
    throw validationError([{ field: 'email', message: 'This is already your address.', code: 'same_email' }]);
  }
}

/**
 * E-mail verification (decision 0026): a six-digit code to the address at sign-up, verified with
 * `verify-code`; resend with a wait between sends and a daily cap; the address may be corrected while it
 * is not verified. The code and its mail are written in one transaction, the mail sent after the commit.
 */
export function createEmailVerification({
  db,
  outbox,
  config,
  proves,
  now = () => new Date(),
}: {
  db: Db;
  outbox: Outbox;
  config: Pick<Config, 'mail'>;
  /** Whether a code proves the owner is here (a step-up or two-factor code; modules/two-factor). */
  proves: (userId: number, code: string) => Promise<boolean>;
  now?: () => Date;
}) {
  const minutes = String(CODE_POLICIES.email_verify.ttlMs / 60_000);

  /** Issues a code for the user's current address and queues its mail, in `tx`. */
  async function send(tx: DbOrTx, user: Pick<UserRow, 'id' | 'email' | 'locale'>) {
    const { code } = await issueCode(tx, {
      userId: user.id,
      purpose: 'email_verify',
      target: user.email,
      channel: 'email',
      now: now(),
    });
    await outbox.queueMail(tx, {
      to: user.email,
      userId: user.id,
      template: 'email_verification',
      locale: user.locale,
      data: { code, minutes, url: `${config.mail.publicUrl}/account/verify-email?code=${code}` },
    });
  }

  async function state(user: UserRow): Promise<EmailVerificationState> {
    const next = user.isEmailVerified
      ? null
      : await nextSendAt(db, user.id, 'email_verify', user.email, now());
    return {
      email: user.email,
      isEmailVerified: user.isEmailVerified,
      resendAvailableAt: next?.toISOString() ?? null,
      mailIsKept: !outbox.sendsMail,
    };
  }

  async function userOf(userId: number) {
    const user = await usersRepository.findById(db, userId);
    if (!user) throw notFound('User not found');
    return user;
  }

  return {
    /** At sign-up, in the registration's transaction: the first code. */
    sendFirstCode: send,

    async state(userId: number) {
      return state(await userOf(userId));
    },

    async verify(userId: number, code: string): Promise<EmailVerificationState> {
      const updated = await db.transaction(async (tx) => {
        const user = await usersRepository.lockById(tx, userId);
        if (!user) throw notFound('User not found');
        if (user.isEmailVerified) throw alreadyVerified();
        // The code proves the address it was sent to: a code sent before a change does not verify the new one.
        const used = await useCode(tx, {
          userId,
          purpose: 'email_verify',
          code,
          target: user.email,
          now: now(),
        });
        if (!used.ok) return { refused: used.reason };
        return { user: await usersRepository.update(tx, userId, { isEmailVerified: true }) };
      });
      // A wrong try is counted even though the answer is an error: refused after the commit.
      if ('refused' in updated) throw codeRefusal(updated.refused!);
      return state(updated.user);
    },

    async resend(userId: number): Promise<EmailVerificationState> {
      const user = await userOf(userId);
      if (user.isEmailVerified) throw alreadyVerified();
      await db.transaction(async (tx) => {
        const locked = await usersRepository.lockById(tx, userId);
        // Under the user's lock: twenty clicks at once send one code.
        await assertMaySend(tx, userId, 'email_verify', locked!.email, now());
        await send(tx, locked!);
      });
      outbox.kick();
      return state(await userOf(userId));
    },

    /**
     * Changes a verified address: only with a proof that the owner is here (a code sent to the current
     * address or phone, or the two-factor code). The new address starts unverified and gets its code;
     * the old one is told, so a takeover does not go unnoticed.
     */
    async change(userId: number, email: string, code: string): Promise<EmailVerificationState> {
      const before = await userOf(userId);
      if (!before.isEmailVerified) {
        throw new AppError(
          409,
          'EMAIL_NOT_VERIFIED',
          'Your address is not verified yet: correct it on the verification page.',
        );
      }
      assertNewAddress(before.email, email);
      if (!(await proves(userId, code))) {
        throw validationError([{ field: 'code', message: 'This code is not right.', code: 'invalid_code' }]);
      }
      let changed: UserRow;
      try {
        changed = await db.transaction(async (tx) => {
          const user = (await usersRepository.lockById(tx, userId))!;
          const updated = await usersRepository.update(tx, userId, { email, isEmailVerified: false });
          await outbox.queueMail(tx, {
            to: user.email,
            userId,
            template: 'email_changed',
            locale: user.locale,
            data: {
              email,
              when: mailTime(user, now()),
            },
          });
          await send(tx, updated);
          return updated;
        });
      } catch (error) {
        throw emailTakenOr(error);
      }
      outbox.kick();
      return state(changed);
    },

    /** Corrects the address before it is verified (a typo at sign-up) and sends a code to the new one. */
    async changeUnconfirmed(userId: number, email: string): Promise<EmailVerificationState> {
      let changed: UserRow;
      try {
        changed = await db.transaction(async (tx) => {
          const user = await usersRepository.lockById(tx, userId);
          if (!user) throw notFound('User not found');
          if (user.isEmailVerified) {
            throw new AppError(
              409,
              'EMAIL_ALREADY_VERIFIED',
              'Your e-mail address is verified: change it from your security settings, with a confirmation.',
            );
          }
          assertNewAddress(user.email, email);
          await assertMaySend(tx, userId, 'email_verify', email, now());
          const updated = await usersRepository.update(tx, userId, { email });
          await send(tx, updated);
          return updated;
        });
      } catch (error) {
        throw emailTakenOr(error);
      }
      outbox.kick();
      return state(changed);
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
