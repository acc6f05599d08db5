import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, tradeMessagesPageSchema, type TradeMessage } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { runAdminCommand } from '../../cli/commands.js';
import { adminSocketPath, type AdminResponse } from '../../platform/admin-socket/protocol.js';
import { startAdminSocket } from '../../platform/admin-socket/server.js';
import type { BusEvent } from '../../platform/events/bus.js';
import { createPgBus } from '../../platform/events/pg-bus.js';
import { checkLedger, createLedger } from '../ledger/index.js';

/**
 * `npm run admin -- dispute:award`: the operator settles a dispute through the lifecycle table until the
 * moderators' console exists (issue 10, item 1). The reason is stored and both parties read it in the
 * chat; the usual events reach the parties' pages, whether the command runs inside the server (admin
 * socket, the server's bus) or in its own process against PostgreSQL (LISTEN/NOTIFY).
 */
describe('dispute:award', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let offer: string;
  const events: BusEvent[] = [];

  /** The command as it runs inside the server: the context carries the server's bus. */
  const award = (...argv: string[]) =>
    runAdminCommand({ db: t.database.db, config: t.config, events: t.app.events }, [
      'dispute:award',
      ...argv,
    ]);
  const btc = async (userId: number) =>
    (await createLedger(t.database.db).balancesOf(userId)).get('BTC') ?? {
      available: 0n,
      escrow: 0n,
      bond: 0n,
    };
  const units = (amount: string) => {
    const parsed = parseAmount(amount, 8);
    if (!parsed.ok) throw new Error(`not a BTC amount: ${amount}`);
    return parsed.units;
  };
  const query = async <T>(statement: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
  const chat = async (party: Party, hash: string) => {
    const response = await party.c.get(`/rest/v1/trade/${hash}/messages`);
    expect(response.statusCode, response.body).toBe(200);
    return tradeMessagesPageSchema.parse(response.json().data).messages;
  };
  const statusOf = async (party: Party, hash: string) =>
    (await party.c.get(`/rest/v1/trade/${hash}`)).json().data.status as string;

  beforeAll(async () => {
    t = await createTestApp({ TRADE_DISPUTE_AFTER_PAID_MINUTES: '0', TRADE_FEE_PERCENT: '1' });
    t.app.events.subscribe((event) => events.push(event));
    s = tradeScenario(t);
    seller = await s.party('seller');
    await s.fund(seller.name, '0.5');
    offer = await s.sellOffer(seller);
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should release the escrow to the buyer, store the reason and tell both parties live', async () => {
    const { buyer, trade } = await s.disputedTrade(seller, offer);
    const sellerBefore = await btc(seller.id);
    events.length = 0;
    const reason = 'The bank statement shows the payment; the seller did not answer for 2 days.';

    const result = await award('--trade', trade.id, '--winner', 'buyer', '--reason', reason);
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toContain(`trade ${trade.id}: dispute decided for the buyer (dispute_won_buyer)`);

    expect(await statusOf(buyer, trade.id)).toBe('dispute_won_buyer');
    expect((await btc(buyer.id)).available).toBe(units(trade.buyerReceives));
    expect((await btc(seller.id)).escrow).toBe(sellerBefore.escrow - units(trade.escrowAmount));
    const [dispute] = await query<{ resolution: string; resolution_reason: string }>(
      sql`SELECT d.resolution, d.resolution_reason FROM trade_disputes d JOIN trades t ON t.id = d.trade_id
          WHERE t.hash = ${trade.id}`,
    );
    expect(dispute).toEqual({ resolution: 'buyer', resolution_reason: reason });

    for (const party of [buyer, seller]) {
      const decision = (await chat(party, trade.id)).find((m) => m.system?.event === 'dispute_decision');
      expect(decision).toMatchObject({
        kind: 'system',
        text: reason,
        system: { status: 'dispute_won_buyer' },
      });
    }
    const mine = events.filter((e) => e.tradeHash === trade.id);
    expect(mine.map((e) => e.type)).toEqual(['trade.status', 'trade.message', 'trade.message']);
    expect(mine[0]).toMatchObject({
      userIds: [buyer.id, seller.id],
      data: { status: 'dispute_won_buyer', previousStatus: 'dispute_open', action: 'award_buyer' },
    });
    expect((mine[2]!.data as TradeMessage).text).toBe(reason);
  });

  it('should give the escrow back to the seller when the seller wins', async () => {
    const { buyer, trade } = await s.disputedTrade(seller, offer);
    const before = await btc(seller.id);
    const result = await award('--trade', trade.id, '--winner', 'seller', '--reason', 'No payment arrived.');
    expect(result.exitCode, result.output).toBe(0);
    expect(await statusOf(seller, trade.id)).toBe('dispute_won_seller');
    expect((await btc(seller.id)).available - before.available).toBe(units(trade.escrowAmount));
    expect((await btc(buyer.id)).available).toBe(0n);
  });

  it('should refuse, with a clear message, a trade that is not in dispute, twice-awarded or unknown', async () => {
    const buyer = await s.party('buyer');
    const running = await s.start(buyer, offer);
    const notDisputed = await award('--trade', running.id, '--winner', 'buyer', '--reason', 'x');
    expect(notDisputed.exitCode).toBe(1);
    expect(notDisputed.output).toContain(`Trade ${running.id} is not in dispute (it is active funded)`);
    expect(await statusOf(buyer, running.id)).toBe('active_funded');

    const { trade } = await s.disputedTrade(seller, offer);
    expect((await award('--trade', trade.id, '--winner', 'seller', '--reason', 'First.')).exitCode).toBe(0);
    const again = await award('--trade', trade.id, '--winner', 'buyer', '--reason', 'Second.');
    expect(again.exitCode).toBe(1);
    expect(again.output).toContain('is not in dispute (it is dispute won seller)');

    const unknown = await award('--trade', 'NoSuchTrade00000', '--winner', 'buyer', '--reason', 'x');
    expect(unknown).toMatchObject({ exitCode: 1 });
    expect(unknown.output).toContain('Trade not found');
  });

  it('should require a winner and a non-empty reason', async () => {
    const { buyer, trade } = await s.disputedTrade(seller, offer);
    for (const argv of [
      ['--trade', trade.id, '--winner', 'buyer'],
      ['--trade', trade.id, '--winner', 'buyer', '--reason', '   '],
      ['--trade', trade.id, '--winner', 'buyer', '--reason', 'bad\u0000byte'],
      ['--trade', trade.id, '--winner', 'moderator', '--reason', 'x'],
    ]) {
      const result = await award(...argv);
      expect(result.exitCode, argv.join(' ')).toBe(1);
      expect(result.output).toMatch(/--(reason|winner):/);
    }
    expect(await statusOf(buyer, trade.id)).toBe('dispute_open');
  });

  it('should work through the running server’s admin socket and publish on its bus', async () => {
    const socket = await startAdminSocket(t.config, t.database, runAdminCommand);
    socket.provide({ events: t.app.events });
    try {
      const { trade } = await s.disputedTrade(seller, offer);
      events.length = 0;
      const answer = await new Promise<AdminResponse>((resolve, reject) => {
        const client = net.connect(adminSocketPath(t.config.dataDir));
        let buffer = '';
        client.setEncoding('utf8');
        client.on('connect', () =>
          client.write(
            JSON.stringify({
              argv: ['dispute:award', '--trade', trade.id, '--winner', 'buyer', '--reason', 'Paid, proven.'],
            }) + '\n',
          ),
        );
        client.on('data', (chunk: string) => (buffer += chunk));
        client.on('end', () => resolve(JSON.parse(buffer) as AdminResponse));
        client.on('error', reject);
      });
      expect(answer.exitCode, answer.output).toBe(0);
      expect(events.filter((e) => e.tradeHash === trade.id).map((e) => e.type)).toContain('trade.status');
    } finally {
      await socket.close();
    }
  });

  describe.skipIf(!onPostgres())('in its own process against PostgreSQL', () => {
    it('should publish through LISTEN/NOTIFY so every server instance hears it', async () => {
      const { trade } = await s.disputedTrade(seller, offer);
      const [database] = await query<{ name: string }>(sql`SELECT current_database() AS name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${database!.name}`;
      // Another instance's bus on the same database (NOTIFY does not cross databases).
      const instance = await createPgBus({ connectionString: url.toString() });
      const heard: BusEvent[] = [];
      instance.subscribe((event) => heard.push(event));
      try {
        const config = {
          ...t.config,
          databaseUrl: url.toString(),
          realtime: { ...t.config.realtime, bus: 'pg' as const },
        };
        // No `events` in the context: the CLI process makes its own bus from the configuration.
        const cli = await runAdminCommand({ db: t.database.db, config }, [
          'dispute:award',
          '--trade',
          trade.id,
          '--winner',
          'seller',
          '--reason',
          'No payment.',
        ]);
        expect(cli.exitCode, cli.output).toBe(0);
        await expect
          .poll(() => heard.filter((e) => e.tradeHash === trade.id).map((e) => e.type), { timeout: 5_000 })
          .toEqual(['trade.status', 'trade.message', 'trade.message']);
      } finally {
        await instance.close();
      }
    });
  });
});
