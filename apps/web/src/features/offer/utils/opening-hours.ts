import { minutesOf, type OfferView } from '@app/contract';

type DutyHour = OfferView['dutyHours'][number];

/** Week days as the spec numbers them: monday = 1 ... sunday = 7. */
export const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const WEEKDAY_NUMBER: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The week day (1..7) and minute of the day `at` is in `timeZone` (an IANA zone). */
export function zonedDayAndMinute(at: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: WEEKDAY_NUMBER[part('weekday')] ?? 1,
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/**
 * Whether the offer is open at `at` (the server's visibility rule, in the offer's own timezone): an offer
 * without hours is always open; otherwise an active range of today must hold the minute (end excluded).
 */
export function isOpenAt(hours: readonly DutyHour[], timeZone: string, at: Date): boolean {
  if (hours.length === 0) return true;
  const now = zonedDayAndMinute(at, timeZone);
  return hours.some(
    (h) =>
      h.active &&
      h.day === now.day &&
      minutesOf(h.start_time) <= now.minute &&
      now.minute < minutesOf(h.end_time),
  );
}

/** The ranges of each week day, in order (days without a range get an empty list: closed). */
export function hoursByDay(hours: readonly DutyHour[]): Map<number, DutyHour[]> {
  const byDay = new Map<number, DutyHour[]>(WEEK_DAYS.map((day) => [day, []]));
  for (const hour of [...hours].sort((a, b) => a.day - b.day || a.start_time.localeCompare(b.start_time))) {
    byDay.get(hour.day)?.push(hour);
  }
  return byDay;
}

/** The localized name of a spec week day (1 = Monday), e.g. `lunes` in Spanish. */
export function weekDayName(day: number, locale: string): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, day));
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
}
