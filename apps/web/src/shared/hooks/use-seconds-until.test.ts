import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSecondsUntil } from './use-seconds-until';

describe('useSecondsUntil', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should count from the moment a countdown starts, not from when the component mounted', () => {
    const { result, rerender } = renderHook(({ at }: { at: string | null }) => useSecondsUntil(at), {
      initialProps: { at: null as string | null },
    });
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(90_000);
    });
    rerender({ at: new Date(Date.now() + 60_000).toISOString() });
    expect(result.current).toBe(60);
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(result.current).toBe(57);
  });

  it('should stop at zero once the time has passed', () => {
    const at = new Date(Date.now() + 2_000).toISOString();
    const { result } = renderHook(() => useSecondsUntil(at));
    expect(result.current).toBe(2);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(result.current).toBe(0);
  });
});
