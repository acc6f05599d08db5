import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CODE_LENGTH } from '@app/contract';
import type { DbOrTx } from '../db/client.js';
import { AppError, validationError } from '../http/errors.js';
import { sha256 } from './tokens.js';
import { oneTimeCodes } from './tables.js';
import { dateOf } from '../db/timestamps.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What a code is for: each purpose has its own codes, limits and expiry. */
export type CodePurpose = 'email_verify' | 'phone_verify' | 'step_up';
export type CodeChannel = 'email' | 'sms' | 'voice';

/** Tries a code allows: the fifth wrong one kills it (ask for a new code). */
export const MAX_CODE_ATTEMPTS = 5;

export type CodePolicy = {
  /** How long a code works. */
  ttlMs: number;
  /** The wait between two sends (the web's countdown). */
  resendAfterMs: number;
  /** Codes one user may be sent for this purpose in 24 hours. */
  perDay: number;
};

/** The limits per purpose (decision 0026). */
export const CODE_POLICIES: Record<CodePurpose, CodePolicy> = {
  email_verify: { ttlMs: 30 * 60_000, resendAfterMs: 60_000, perDay: 10 },
  phone_verify: { ttlMs: 10 * 60_000, resendAfterMs: 60_000, perDay: 5 },
  step_up: { ttlMs: 10 * 60_000, resendAfterMs: 30_000, perDay: 20 },
};

const hashOf = (userId: number, purpose: CodePurpose, code: string) => sha256(`${purpose}:${userId}:${code}`);

/** Six random digits (leading zeros kept). */
export const newCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');

/**
 * When the user may be sent another code for `purpose` (to `target`), or null now. Two limits: the wait
 * after the last send to the same target (a corrected address gets its code at once), and the number of
 * sends in 24 hours, whatever the target.
 */
export async function nextSendAt(
  db: DbOrTx,
  userId: number,
  purpose: CodePurpose,
  target: string,
  now = new Date(),
): Promise<Date | null> {
  const policy = CODE_POLICIES[purpose];
  const [row] = rowsOf<{ last: unknown; sent: number; first: unknown }>(
    await db.execute(sql`SELECT max(created_at) FILTER (WHERE lower(target) = lower(${target})) AS last,
        count(*)::int AS sent, min(created_at) AS first
      FROM one_time_codes WHERE user_id = ${userId} AND purpose = ${purpose}
        AND created_at > ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`),
  );
  if (!row || row.sent === 0) return null;
  const at = (value: unknown) => dateOf(value).getTime();
  if (row.sent >= policy.perDay) return new Date(at(row.first) + 86_400_000);
  if (row.last === null || row.last === undefined) return null;
  const resend = at(row.last) + policy.resendAfterMs;
  return resend > now.getTime() ? new Date(resend) : null;
}

/** Refuses a send too soon (429 RATE_LIMITED with Retry-After), so a code cannot be sent in a loop. */
export async function assertMaySend(
  db: DbOrTx,
  userId: number,
  purpose: CodePurpose,
  target: string,
  now = new Date(),
) {
  const next = await nextSendAt(db, userId, purpose, target, now);
  if (!next) return;
  const seconds = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
  throw new AppError(
    429,
    'RATE_LIMITED',
    `Please wait ${seconds} seconds before asking for another code.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/**
 * Issues a code for `purpose` to `target` and retires the user's earlier codes for that purpose (only
 * the newest works). Answers the plain code, for the message; only its hash is stored.
 */
export async function issueCode(
  tx: DbOrTx,
  values: { userId: number; purpose: CodePurpose; target: string; channel: CodeChannel; now?: Date },
): Promise<{ code: string; expiresAt: Date }> {
  const now = values.now ?? new Date();
  const code = newCode();
  const expiresAt = new Date(now.getTime() + CODE_POLICIES[values.purpose].ttlMs);
  await tx.execute(sql`UPDATE one_time_codes SET used_at = ${now.toISOString()}::timestamptz
    WHERE user_id = ${values.userId} AND purpose = ${values.purpose} AND used_at IS NULL`);
  await tx.insert(oneTimeCodes).values({
    userId: values.userId,
    purpose: values.purpose,
    target: values.target,
    channel: values.channel,
    codeHash: hashOf(values.userId, values.purpose, code),
    createdAt: now,
    expiresAt,
  });
  return { code, expiresAt };
}

export type CodeCheck =
  | { ok: true; target: string; channel: CodeChannel }
  | { ok: false; reason: 'none' | 'wrong' | 'expired' | 'exhausted' };

/**
 * Uses the user's live code for `purpose` if `code` matches: one conditional UPDATE, so of twenty
 * simultaneous tries with the right code exactly one succeeds (a code is never used twice). A wrong
 * code counts an attempt on the live code; after five the code is dead.
 */
export async function useCode(
  db: DbOrTx,
  values: { userId: number; purpose: CodePurpose; code: string; target?: string; now?: Date },
): Promise<CodeCheck> {
  const now = (values.now ?? new Date()).toISOString();
  const [used] = rowsOf<{ target: string; channel: CodeChannel }>(
    await db.execute(sql`UPDATE one_time_codes SET used_at = ${now}::timestamptz
      WHERE user_id = ${values.userId} AND purpose = ${values.purpose} AND used_at IS NULL
        AND expires_at > ${now}::timestamptz AND attempts < ${MAX_CODE_ATTEMPTS}
        AND code_hash = ${hashOf(values.userId, values.purpose, values.code)}
        ${values.target === undefined ? sql`` : sql`AND target = ${values.target}`}
      RETURNING target, channel`),
  );
  if (used) return { ok: true, target: used.target, channel: used.channel };
  // Not used: count the wrong try on the live code, and say why.
  const [live] = rowsOf<{ attempts: number; expired: boolean }>(
    await db.execute(sql`UPDATE one_time_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM one_time_codes WHERE user_id = ${values.userId}
        AND purpose = ${values.purpose} AND used_at IS NULL ORDER BY id DESC LIMIT 1)
      RETURNING attempts, expires_at <= ${now}::timestamptz AS expired`),
  );
  if (!live) return { ok: false, reason: 'none' };
  if (live.expired) return { ok: false, reason: 'expired' };
  if (live.attempts > MAX_CODE_ATTEMPTS) return { ok: false, reason: 'exhausted' };
  return { ok: false, reason: live.attempts === MAX_CODE_ATTEMPTS ? 'exhausted' : 'wrong' };
}

/** The HTTP answer to a failed code: 422 on the field, or 429 once the code is dead. */
export function codeRefusal(reason: Exclude<CodeCheck, { ok: true }>['reason'], field = 'code'): AppError {
  switch (reason) {
    case 'exhausted':
      return new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes. Ask for a new code.');
    case 'expired':
      return validationError([
        { field, message: 'This code has expired. Ask for a new one.', code: 'expired_code' },
      ]);
    case 'none':
      return validationError([{ field, message: 'Ask for a code first.', code: 'no_code' }]);
    case 'wrong':
      return validationError([{ field, message: 'This code is not right.', code: 'invalid_code' }]);
  }
}
