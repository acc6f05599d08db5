import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { globalErrorModal } from '../ui/global-error-modal-store';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from './load-chunk';

describe('loadChunk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    globalErrorModal.reset();
  });

  it('should resolve with the module when it loads', async () => {
    await expect(loadChunk(async () => ({ Page: 'ok' }))).resolves.toEqual({ Page: 'ok' });
    expect(globalErrorModal.getState().opened).toBe(false);
  });

  it('should give up after 120 s and ask for a page reload', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const promise = loadChunk(() => new Promise<never>(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(globalErrorModal.getState().opened).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await promise;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_TIMEOUT' });
    expect(globalErrorModal.getState()).toEqual({ opened: true, type: 'page-reload-required' });
  });

  it('should classify a failed JS chunk as CHUNK_LOAD_FAILED', async () => {
    const error = await loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_FAILED' });
    expect(globalErrorModal.getState()).toEqual({ opened: true, type: 'page-reload-required' });
  });

  it('should classify a failed CSS chunk as CSS_CHUNK_LOAD_FAILED', async () => {
    const error = await loadChunk(() =>
      Promise.reject(new Error('Unable to preload CSS for /assets/x.css')),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CSS_CHUNK_LOAD_FAILED' });
  });
});
