import { describe, expect, it } from 'vitest';
import { lastSeen } from './last-seen';

const now = Date.parse('2026-03-01T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('lastSeen', () => {
  it('should follow the spec thresholds for the words', () => {
    expect(lastSeen(ago(59), now)).toMatchObject({ unit: 'online' });
    expect(lastSeen(ago(60), now)).toMatchObject({ unit: 'minutes', count: 1 });
    expect(lastSeen(ago(3_599), now)).toMatchObject({ unit: 'minutes', count: 59 });
    expect(lastSeen(ago(3_600 * 23), now)).toMatchObject({ unit: 'hours', count: 23 });
    expect(lastSeen(ago(86_400 * 6), now)).toMatchObject({ unit: 'days', count: 6 });
    expect(lastSeen(ago(86_400 * 7 * 11), now)).toMatchObject({ unit: 'weeks', count: 11 });
    expect(lastSeen(ago(86_400 * 7 * 12), now)).toMatchObject({ unit: 'longAgo' });
  });

  it('should colour by the spec thresholds', () => {
    expect(lastSeen(ago(1_799), now).color).toBe('teal');
    expect(lastSeen(ago(1_800), now).color).toBe('yellow');
    expect(lastSeen(ago(10_800), now).color).toBe('gray');
  });
});
