import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';
import { runAdminCommand } from '../../cli/commands.js';

/**
 * Moderators acting at the same moment on different reports of one offer (only a real PostgreSQL
 * server runs them at the same time): one action wins and answers every open report; the others get
 * 409, never a deadlock or a 5xx.
 */
describe.skipIf(!onPostgres())('offer moderation under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let owner: TestClient;
  let mod: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ REPORTS_MAX_PER_DAY: '50' });
    owner = t.client();
    await owner.register('mr_owner');
    const created = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'user:create',
      ...['--username', 'mr_mod', '--email', 'mr_mod@example.com', '--password', 'Str0ng-pass!'],
      ...['--role', 'moderator'],
    ]);
    expect(created.exitCode, created.output).toBe(0);
    mod = t.client();
    expect((await mod.login('mr_mod')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should let one of 20 actions on 5 reports of one offer win, the others 409', async () => {
    const offer = await owner.post('/rest/v1/my-offers', {
      type: 'buy',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '1',
      range_min: '10',
      range_max: '500',
    });
    const hash = offer.json().data.idHashed as string;
    for (let i = 0; i < 5; i += 1) {
      const reporter = t.client();
      await reporter.register(`mr_rep${i}`);
      expect(
        (await reporter.post(`/rest/v1/offers/${hash}/report`, { reason: 'obvious_scam' })).statusCode,
      ).toBe(201);
    }
    const ids = (
      (await t.database.db.execute(
        sql`SELECT r.id FROM offer_reports r JOIN offers o ON o.id = r.offer_id WHERE o.hash = ${hash}`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);
    expect(ids).toHaveLength(5);
    const actions = [
      { action: 'deactivate', reason: 'Scam' },
      { action: 'penalty', reason: 'Scam', penaltyHours: 2 },
      { action: 'message_owner', reason: 'Scam', text: 'Fix your terms.' },
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => mod.post(`/rest/v1/admin/reports/${ids[i % 5]}`, actions[i % 3])),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const open = (
      (await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM offer_reports r JOIN offers o ON o.id = r.offer_id
          WHERE o.hash = ${hash} AND r.status = 'open'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n;
    expect(open).toBe(0);
  }, 60_000);
});
