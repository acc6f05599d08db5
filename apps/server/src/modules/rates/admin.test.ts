import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';
import { runSeeds } from '../../seeds/index.js';

describe('rates and catalogue admin commands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await runSeeds(t.database.db, { demoData: false });
  });
  afterAll(() => t.close());

  const run = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);

  it('rates:tick should move the market now, and rates:status should show it', async () => {
    const before = await run('rates:status');
    expect(before.exitCode).toBe(0);
    expect(before.output).toMatch(/BTC\s+95000/);
    const tick = await run('rates:tick');
    expect(tick).toMatchObject({ exitCode: 0 });
    expect(tick.output).toMatch(/^tick applied \(version \d+\); BTC\/USD \d+/);
    expect((await run('rates:status')).output).not.toMatch(/BTC\s+95000\.0+ USD/);
  });

  it('payment-method:set-active should hide and show a method, and refuse unknown ones', async () => {
    expect(await run('payment-method:set-active', '--slug', 'venmo', '--active', 'false')).toMatchObject({
      exitCode: 0,
      output: 'payment method venmo is now hidden',
    });
    await t.app.inject({ method: 'GET', url: '/rest/v2/payment-methods/venmo' }); // warm the app's copy
    expect(await run('payment-method:set-active', '--slug', 'venmo', '--active', 'true')).toMatchObject({
      exitCode: 0,
    });
    const unknown = await run('payment-method:set-active', '--slug', 'nope', '--active', 'true');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.output).toContain('No payment method "nope"');
    expect((await run('payment-method:set-active', '--slug', 'venmo', '--active', 'maybe')).exitCode).toBe(1);
  });
});
