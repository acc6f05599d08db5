import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import { createQueryClient, queryRetryDelay } from './query-client';

describe('query retries', () => {
  const retry = createQueryClient().getDefaultOptions().queries!.retry as (n: number, e: unknown) => boolean;
  const tooMany = (seconds: number | null) =>
    new ApiError(429, 'RATE_LIMITED', 'Too many searches.', { retryAfterSeconds: seconds });

  it('should not repeat a rate-limited query that must wait longer than a few seconds', () => {
    expect(retry(0, tooMany(60))).toBe(false);
    expect(retry(0, tooMany(3))).toBe(true);
    expect(retry(0, tooMany(null))).toBe(true);
  });

  it('should wait what Retry-After says before repeating a rate-limited query', () => {
    expect(queryRetryDelay(0, tooMany(3))).toBe(3_000);
    expect(queryRetryDelay(1, new ApiError(503, 'HTTP_ERROR', 'down'))).toBe(2_000);
  });

  it('should still give up at once on other 4xx and retry server errors twice', () => {
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'gone'))).toBe(false);
    expect(retry(0, new ApiError(500, 'INTERNAL_ERROR', 'oops'))).toBe(true);
    expect(retry(2, new ApiError(500, 'INTERNAL_ERROR', 'oops'))).toBe(false);
  });
});
