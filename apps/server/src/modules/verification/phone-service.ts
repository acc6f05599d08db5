import { sql } from 'drizzle-orm';
import { parsePhoneNumberWithError } from 'libphonenumber-js/max';
import type { PhoneData, PhoneErrorType } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { uniqueViolationOf } from '../../platform/db/errors.js';
import type { Outbox } from '../../platform/mail/index.js';
import {
  CODE_POLICIES,
  codeRefusal,
  issueCode,
  nextSendAt,
  useCode,
} from '../../platform/auth/one-time-codes.js';
import { AppError, notFound, validationError } from '../../platform/http/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
import { usersRepository, type UserRow } from '../users/repository.js';
import { classifyPhoneNumber, PHONE_REFUSALS } from './phone-number.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A refused number: 422 on `phone` with the spec's error type as the code. */
const refused = (type: PhoneErrorType, message: string) =>
  validationError([{ field: 'phone', message, code: type }]);

/**
 * Phone verification (decision 0030): a number is parsed and checked with libphonenumber (the spec's
 * error types), must be a mobile of a country the platform verifies phones in, gets a six-digit code by
 * SMS or by a call (the outbox, decision 0025), and is the account's once the code comes back. One account
 * per number. Codes: the `phone_verify` one-time codes (10 minutes, five tries, a minute between sends,
 * five a day).
 */
export function createPhoneVerification({
  db,
  outbox,
  catalogue,
  now = () => new Date(),
}: {
  db: Db;
  outbox: Outbox;
  catalogue: Pick<CatalogueService, 'data'>;
  now?: () => Date;
}) {
  async function userOf(userId: number) {
    const user = await usersRepository.findById(db, userId);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** The live code's number, whether its tries are spent, and when another may be sent. */
  async function pendingOf(userId: number) {
    const [row] = rowsOf<{ target: string; attempts: number; live: boolean; open: boolean }>(
      await db.execute(sql`SELECT target, attempts, expires_at > now() AND used_at IS NULL AS live,
          used_at IS NULL AS open
        FROM one_time_codes WHERE user_id = ${userId} AND purpose = 'phone_verify' ORDER BY id DESC LIMIT 1`),
    );
    return row;
  }

  async function state(user: UserRow): Promise<PhoneData> {
    const pending = await pendingOf(user.id);
    // The number being verified: its code not used nor retired (a reset retires it).
    const number = user.phoneVerifiedAt ? user.phone : pending?.open ? pending.target : null;
    const next = number ? await nextSendAt(db, user.id, 'phone_verify', number, now()) : null;
    const parsed = number ? parsePhoneNumberWithError(number) : null;
    return {
      number: parsed ? parsed.formatInternational() : null,
      code: parsed ? parsed.countryCallingCode : null,
      countdown: next ? Math.max(1, Math.ceil((next.getTime() - now().getTime()) / 1000)) : null,
      isAttemptsExceeded: !user.phoneVerifiedAt && Boolean(pending?.open) && (pending?.attempts ?? 0) >= 5,
      isCodeSent: !user.phoneVerifiedAt && Boolean(pending?.live),
      isVerified: Boolean(user.phoneVerifiedAt),
    };
  }

  /** The number in E.164 after the spec's checks, or the refusal. */
  async function checkedNumber(text: string): Promise<string> {
    const supported = new Set(
      (await catalogue.data()).countries.filter((c) => c.isPhoneVerificationSupported).map((c) => c.iso),
    );
    const checked = classifyPhoneNumber(text, supported);
    if (!checked.ok) throw refused(checked.type, PHONE_REFUSALS[checked.type]);
    return checked.e164;
  }

  return {
    async state(userId: number) {
      return state(await userOf(userId));
    },

    /** `POST /rest/v1/users/send-phone-code`: a code by SMS or a call to the number. */
    async send(userId: number, body: { phone: string; call?: boolean }): Promise<PhoneData> {
      const e164 = await checkedNumber(body.phone);
      const user = await userOf(userId);
      if (user.phoneVerifiedAt && user.phone === e164) {
        throw new AppError(409, 'PHONE_ALREADY_VERIFIED', 'This number is already verified on your account.');
      }
      const [owner] = rowsOf<{ id: number }>(
        await db.execute(sql`SELECT id FROM users WHERE phone = ${e164} AND id <> ${userId}`),
      );
      if (owner) throw refused('invalid_number', 'This number belongs to another account.');
      await db.transaction(async (tx) => {
        const locked = await usersRepository.lockById(tx, userId);
        const next = await nextSendAt(tx, userId, 'phone_verify', e164, now());
        if (next) {
          const seconds = Math.max(1, Math.ceil((next.getTime() - now().getTime()) / 1000));
          throw new AppError(
            429,
            'RATE_LIMITED',
            `Please wait ${seconds} seconds before asking for another code.`,
            [{ field: 'phone', message: 'Too many codes for now', code: 'limit_exceeded' }],
            { 'retry-after': String(seconds) },
          );
        }
        const channel = body.call ? 'voice' : 'sms';
        const { code } = await issueCode(tx, {
          userId,
          purpose: 'phone_verify',
          target: e164,
          channel,
          now: now(),
        });
        await outbox.queueSms(tx, {
          to: e164,
          userId,
          template: 'security_code',
          locale: locked!.locale,
          data: { code, minutes: String(CODE_POLICIES.phone_verify.ttlMs / 60_000) },
          voice: body.call,
        });
      });
      outbox.kick();
      return state(await userOf(userId));
    },

    /** `POST /rest/v1/users/confirm-phone`: the code makes the number the account's. */
    async confirm(userId: number, phoneCode: string): Promise<PhoneData> {
      const result = await db
        .transaction(async (tx) => {
          await usersRepository.lockById(tx, userId);
          const used = await useCode(tx, { userId, purpose: 'phone_verify', code: phoneCode, now: now() });
          if (!used.ok) return used.reason;
          await usersRepository.update(tx, userId, { phone: used.target, phoneVerifiedAt: now() });
          return null;
        })
        .catch((error: unknown) => {
          if (uniqueViolationOf(error)) {
            throw refused('invalid_number', 'This number was verified by another account meanwhile.');
          }
          throw error;
        });
      if (result === 'exhausted') {
        // The spec: a countdown in the answer marks the attempts exceeded until a new code may be sent.
        const data = await state(await userOf(userId));
        throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes. Ask for a new code.', undefined, {
          ...(data.countdown ? { 'retry-after': String(data.countdown) } : {}),
        });
      }
      if (result) throw codeRefusal(result, 'phoneCode');
      return state(await userOf(userId));
    },

    /** `POST /rest/v1/users/reset-phone`: forget the number (verified or waiting) to start again. */
    async reset(userId: number): Promise<PhoneData> {
      await db.transaction(async (tx) => {
        await usersRepository.lockById(tx, userId);
        await tx.execute(sql`UPDATE one_time_codes SET used_at = ${now().toISOString()}::timestamptz
          WHERE user_id = ${userId} AND purpose = 'phone_verify' AND used_at IS NULL`);
        await usersRepository.update(tx, userId, { phone: null, phoneVerifiedAt: null });
      });
      return state(await userOf(userId));
    },
  };
}

export type PhoneVerification = ReturnType<typeof createPhoneVerification>;
