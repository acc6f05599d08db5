import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './safe-return-to';

describe('safeReturnTo', () => {
  it('should accept a path on this site', () => {
    expect(safeReturnTo('/es/wallet?tab=btc#top')).toBe('/es/wallet?tab=btc#top');
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
    null,
    '/\tx',
  ])('should refuse %j', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
});
