import { describe, expect, it } from 'vitest';
import { formatDuration, formatPercent, positiveShare } from './profile-stats';

describe('formatDuration', () => {
  it.each([
    [0, 'en', '0 sec'],
    [45, 'en', '45 sec'],
    [59.6, 'en', '1 min'],
    [300, 'en', '5 min'],
    [3_900, 'en', '1 hr 5 min'],
    [7_200, 'en', '2 hr'],
    [2 * 86_400 + 3 * 3600 + 59, 'en', '2 days 3 hr'],
    [2 * 86_400 + 120, 'en', '2 days'],
    [3_900, 'es', '1 h 5 min'],
    [-5, 'en', '0 sec'],
  ])('should say %s seconds in %s as "%s"', (seconds, locale, expected) => {
    expect(formatDuration(seconds, locale)).toBe(expected);
  });
});

describe('formatPercent', () => {
  it('should show the server’s decimal string as a percentage in the page’s language', () => {
    expect(formatPercent('97.5', 'en')).toBe('97.5%');
    expect(formatPercent('100.0', 'en')).toBe('100%');
    expect(formatPercent('97.5', 'es')).toBe('97,5\u00a0%');
  });
});

describe('positiveShare', () => {
  it('should give the positive share with one decimal, and null without feedback', () => {
    expect(positiveShare({ positive: 12, negative: 1 })).toBe('92.3');
    expect(positiveShare({ positive: 3, negative: 0 })).toBe('100.0');
    expect(positiveShare({ positive: 0, negative: 0 })).toBeNull();
  });
});
