import { describe, expect, it } from 'vitest';
import { ageOn, birthDateIssue, calendarDate } from './birth-date.js';

const today = new Date('2026-03-15T10:00:00Z');

describe('date of birth rules', () => {
  it('should take only dates that exist', () => {
    expect(calendarDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(calendarDate('2001-02-29')).toBeNull();
    expect(calendarDate('2000-13-01')).toBeNull();
    expect(calendarDate('2000-1-1')).toBeNull();
    expect(birthDateIssue('1990-02-30', today)).toBe('invalid_date');
  });

  it('should count the birthday from its own day', () => {
    expect(ageOn({ year: 2008, month: 3, day: 15 }, today)).toBe(18);
    expect(ageOn({ year: 2008, month: 3, day: 16 }, today)).toBe(17);
  });

  it('should refuse the future, minors and typos of another century, and take an adult', () => {
    expect(birthDateIssue('2026-03-16', today)).toBe('future_date');
    expect(birthDateIssue('2008-03-16', today)).toBe('too_young');
    expect(birthDateIssue('2008-03-15', today)).toBeNull();
    expect(birthDateIssue('1899-12-31', today)).toBe('too_old');
    expect(birthDateIssue('1900-01-01', today)).toBeNull();
  });
});
