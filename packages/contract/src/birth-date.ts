import { z } from 'zod';
import { lineString } from './strings.js';

/**
 * The trader's date of birth (the spec's `confirm-birthday-modal`; decision 0054): confirmed once by the
 * trader, never changed by them afterwards (support corrects a mistake), and only for adults.
 */
export const MINIMUM_TRADER_AGE = 18;
/** Older than this is a typo, not a trader. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';

/** Why a date of birth is refused, as the `code` of the field detail on `birth_date`. */
export const birthDateIssues = ['invalid_date', 'future_date', 'too_young', 'too_old'] as const;
export type BirthDateIssue = (typeof birthDateIssues)[number];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` that exists (no 30 February), as its parts; else null. */
export function calendarDate(value: string): { year: number; month: number; day: number } | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? { year, month, day }
    : null;
}

/** Full years between a birth date and `today` (UTC): the birthday counts from its own day. */
export function ageOn(birth: { year: number; month: number; day: number }, today: Date): number {
  const [year, month, day] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  const hadBirthday = month > birth.month || (month === birth.month && day >= birth.day);
  return year - birth.year - (hadBirthday ? 0 : 1);
}

/** What is wrong with a date of birth given `today`, or null when it is a real adult's. */
export function birthDateIssue(value: string, today: Date): BirthDateIssue | null {
  const birth = calendarDate(value);
  if (!birth) return 'invalid_date';
  if (value < EARLIEST_BIRTH_DATE) return 'too_old';
  if (value > today.toISOString().slice(0, 10)) return 'future_date';
  return ageOn(birth, today) < MINIMUM_TRADER_AGE ? 'too_young' : null;
}

/** `POST /rest/v1/users/confirm-birthday`. The date's meaning (real, past, adult) is checked by the server. */
export const confirmBirthDateBodySchema = z.object({
  birth_date: lineString().regex(DATE, { message: 'A date as YYYY-MM-DD' }),
});
export type ConfirmBirthDateBody = z.infer<typeof confirmBirthDateBodySchema>;

/** `GET /rest/v1/users/birth-date` and the confirmation's answer. */
export const birthDateStateSchema = z.object({
  /** `YYYY-MM-DD`; null until confirmed. */
  birthDate: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type BirthDateState = z.infer<typeof birthDateStateSchema>;
