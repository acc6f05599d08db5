import { birthDateIssue, MINIMUM_TRADER_AGE, type BirthDateIssue, type BirthDateState } from '@app/contract';
import { eq } from 'drizzle-orm';
import { assertAllowed } from '../../platform/auth/account-policy.js';
import type { Db } from '../../platform/db/client.js';
import { conflict, fieldError, notFound } from '../../platform/http/errors.js';
import { usersRepository } from '../users/repository.js';
import { userBirthDates } from './tables.js';

const MESSAGES: Record<BirthDateIssue, string> = {
  invalid_date: 'This date does not exist',
  future_date: 'A date of birth cannot be in the future',
  too_young: `You must be ${MINIMUM_TRADER_AGE} or older to trade here`,
  too_old: 'Check the year',
};

/**
 * The trader's date of birth (decision 0054): read it, and confirm it once. The date must exist, be in
 * the past and make the trader an adult (18, in UTC days); once confirmed only support changes it, so a
 * minor cannot "fix" their way in and an account cannot be handed over with a new birthday.
 */
export function createBirthDates({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const present = (row: { birthDate: string; confirmedAt: Date } | undefined): BirthDateState =>
    row
      ? { birthDate: row.birthDate, confirmedAt: row.confirmedAt.toISOString() }
      : { birthDate: null, confirmedAt: null };

  const rowOf = async (userId: number) =>
    (await db.select().from(userBirthDates).where(eq(userBirthDates.userId, userId)).limit(1))[0];

  return {
    async get(userId: number): Promise<BirthDateState> {
      return present(await rowOf(userId));
    },

    async confirm(userId: number, birthDate: string): Promise<BirthDateState> {
      const user = await usersRepository.findById(db, userId);
      if (!user) throw notFound('User not found');
      assertAllowed(user.accountState, 'change_settings');
      const issue = birthDateIssue(birthDate, now());
      if (issue) throw fieldError('birth_date', MESSAGES[issue], issue);
      // One row per user: of two confirmations at once, the second finds the first's row.
      const [row] = await db
        .insert(userBirthDates)
        .values({ userId, birthDate, confirmedAt: now() })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        throw conflict(
          'Your date of birth is already confirmed. Contact support to correct it.',
          'BIRTH_DATE_CONFIRMED',
        );
      }
      return present(row);
    },
  };
}

export type BirthDates = ReturnType<typeof createBirthDates>;
