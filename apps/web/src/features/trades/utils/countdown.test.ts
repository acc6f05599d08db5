import { describe, expect, it } from 'vitest';
import { countdown } from './countdown';

describe('countdown', () => {
  it('should read seconds as milliseconds and format minutes and hours', () => {
    expect(countdown(1_000, 1_000_000 - 90_000)).toEqual({ text: '1:30', msLeft: 90_000, expired: false });
    expect(countdown(10_000, 10_000_000 - 3_725_000).text).toBe('1:02:05');
  });

  it('should round a partial second up and stop at zero', () => {
    expect(countdown(100, 99_001).text).toBe('0:01');
    expect(countdown(100, 100_000)).toEqual({ text: '0:00', msLeft: 0, expired: true });
    expect(countdown(100, 200_000).expired).toBe(true);
  });
});
