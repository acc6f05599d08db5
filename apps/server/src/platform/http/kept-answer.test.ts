import { describe, expect, it } from 'vitest';
import { nextMomentIn } from './kept-answer.js';

describe('nextMomentIn', () => {
  const now = 1_000_000_500; // half a second into second 1,000,000
  const at = (seconds: number) => ({ timestamp: seconds, humanReadable: '' });

  it('should answer the earliest timestamp ahead, at any depth, and null when there is none', () => {
    const answer = {
      createdAt: at(999_000),
      expiresAt: at(1_000_300),
      dispute: { availableAt: at(1_000_100), appeal: { closesAt: at(1_000_200) } },
      list: [{ closesAt: at(1_000_050) }],
    };
    expect(nextMomentIn(answer, now)).toBe(1_000_050_000);
    expect(nextMomentIn({ createdAt: at(999_000), none: null }, now)).toBeNull();
  });

  it('should not let an answer be kept past a moment whose second is running now', () => {
    // The moment is somewhere in second 1,000,000 (the timestamp cuts it down): it may still be ahead.
    expect(nextMomentIn({ availableAt: at(1_000_000) }, now)).toBeLessThanOrEqual(now);
    // A second that has ended is past.
    expect(nextMomentIn({ availableAt: at(999_999) }, now)).toBeNull();
  });
});
