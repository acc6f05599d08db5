import { describe, expect, it } from 'vitest';
import { hoursByDay, isOpenAt, weekDayName, zonedDayAndMinute } from './opening-hours';

const hour = (day: number, start: string, end: string, active = true) => ({
  day,
  start_time: start,
  end_time: end,
  active,
});

describe('opening hours', () => {
  // 2026-03-02 is a Monday.
  const mondayNoonUtc = new Date('2026-03-02T12:00:00Z');

  it('should read the day and minute in the offer timezone', () => {
    expect(zonedDayAndMinute(mondayNoonUtc, 'UTC')).toEqual({ day: 1, minute: 720 });
    // 12:00 UTC is 13:00 in Madrid (winter time).
    expect(zonedDayAndMinute(mondayNoonUtc, 'Europe/Madrid')).toEqual({ day: 1, minute: 780 });
    // ...and already Tuesday 01:00 in Auckland (UTC+13 in March).
    expect(zonedDayAndMinute(mondayNoonUtc, 'Pacific/Auckland')).toEqual({ day: 2, minute: 60 });
  });

  it('should be open inside an active range of today, in the offer timezone, end excluded', () => {
    const hours = [hour(1, '09:00', '13:00'), hour(2, '00:00', '24:00', false)];
    expect(isOpenAt(hours, 'UTC', mondayNoonUtc)).toBe(true);
    expect(isOpenAt(hours, 'Europe/Madrid', mondayNoonUtc)).toBe(false);
    // Tuesday in Auckland: a range exists but it is switched off.
    expect(isOpenAt(hours, 'Pacific/Auckland', mondayNoonUtc)).toBe(false);
  });

  it('should always be open without hours', () => {
    expect(isOpenAt([], 'UTC', mondayNoonUtc)).toBe(true);
  });

  it('should group the ranges per week day in order, with empty (closed) days', () => {
    const byDay = hoursByDay([hour(3, '14:00', '18:00'), hour(3, '08:00', '12:00')]);
    expect(byDay.get(3)?.map((h) => h.start_time)).toEqual(['08:00', '14:00']);
    expect(byDay.get(1)).toEqual([]);
    expect([...byDay.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('should name week days in the reader language', () => {
    expect(weekDayName(1, 'en')).toBe('Monday');
    expect(weekDayName(7, 'es')).toBe('domingo');
  });
});
