import { sleep as defaultSleep } from '../lib/sleep';

export type RetryOptions = {
  /** Total attempts, the first included. @default 3 */
  attempts?: number;
  /** The wait grows by this much per attempt: 1000 ms, then 2000 ms, ... @default 1000 */
  stepMs?: number;
  /** Return false to give up at once (e.g. on a 4xx that will not change). */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

export const RETRY_DEFAULT_ATTEMPTS = 3;
export const RETRY_DEFAULT_STEP_MS = 1000;

/**
 * The spec's generic retry helper: up to 3 attempts, waiting 1000 ms after the first failure and
 * 2000 ms after the second. The last error is rethrown.
 */
export async function retry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const {
    attempts = RETRY_DEFAULT_ATTEMPTS,
    stepMs = RETRY_DEFAULT_STEP_MS,
    shouldRetry = () => true,
    signal,
    sleep = defaultSleep,
  } = options;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt >= attempts || !shouldRetry(error, attempt)) throw error;
      await sleep(stepMs * attempt, signal);
    }
  }
}
