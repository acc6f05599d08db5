import { describe, expect, it } from 'vitest';
import { coalescedPasses } from './coalesced-passes.js';

describe('coalesced passes', () => {
  it('should never overlap passes, and go round once more for calls made during one', async () => {
    let active = 0;
    let most = 0;
    let passes = 0;
    const runner = coalescedPasses(async () => {
      active += 1;
      most = Math.max(most, active);
      passes += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      active -= 1;
      return 1;
    });
    const totals = await Promise.all([runner.run(), runner.run(), runner.run()]);
    expect(most).toBe(1);
    // The first pass, then one more for the calls that came while it ran (however many).
    expect(passes).toBe(2);
    expect(totals).toEqual([2, 2, 2]);
    await runner.idle();
    expect(await runner.run()).toBe(1);
  });

  it('should let the next call start afresh after a pass failed', async () => {
    let fail = true;
    const runner = coalescedPasses(async () => {
      if (fail) throw new Error('down');
      return 3;
    });
    await expect(runner.run()).rejects.toThrow('down');
    await runner.idle();
    fail = false;
    expect(await runner.run()).toBe(3);
  });
});
