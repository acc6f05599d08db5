import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataEnvelope,
  GENESIS_HASH,
  tradeRecordSchema,
  verifyTradeRecord,
  type TradeRecord,
} from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { pdfSafeText } from './pdf.js';
import { appendTradeRecordEntry, recordTradeMessages } from './record.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe('trade records', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let buyer: Party;
  let stranger: Party;
  let moderator: Party;
  let hash: string;
  let tradeId: number;
  let image: Buffer;

  const db = () => t.database.db;
  const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(statement));
  const recordOf = async (who: Party, suffix = '') => {
    const response = await who.c.get(`/rest/v1/trade/${hash}/record${suffix}`);
    expect(response.statusCode, response.body).toBe(200);
    return dataEnvelope(tradeRecordSchema).parse(response.json()).data;
  };
  const writeRecord = (document: unknown) => {
    const file = path.join(t.config.dataDir, `record-${randomBytes(4).toString('hex')}.json`);
    fs.writeFileSync(file, JSON.stringify(document, null, 2));
    return file;
  };
  const userMessageId = async (text: string) => {
    const [row] = await query<{ id: number }>(
      sql`SELECT id::int AS id FROM trade_messages WHERE trade_id = ${tradeId} AND text = ${text}`,
    );
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = tradeScenario(t);
    seller = await s.party('rseller');
    buyer = await s.party('rbuyer');
    stranger = await s.party('rstranger');
    await s.fund(seller.name, '1');
    const offer = await s.sellOffer(seller);
    hash = (await s.start(buyer, offer)).id;
    const [trade] = await query<{ id: number }>(sql`SELECT id FROM trades WHERE hash = ${hash}`);
    tradeId = trade!.id;

    const chat = await buyer.c.post(`/rest/v1/trade/${hash}/messages`, { text: 'Paying now 👋 ŝ' });
    expect(chat.statusCode, chat.body).toBeLessThan(300);
    image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const boundary = `----record-${randomBytes(6).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="receipt.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await buyer.c.request(
      'POST',
      `/rest/v1/trade/${hash}/attachments`,
      body as unknown as Record<string, never>,
      { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    await s.markPaid(buyer, hash);

    const created = await s.admin(
      'user:create',
      ...[
        '--username',
        'rmod',
        '--email',
        'rmod@example.com',
        '--password',
        'Str0ng-pass!',
        '--role',
        'moderator',
      ],
    );
    expect(created.exitCode, created.output).toBe(0);
    const c = t.client();
    expect((await c.login('rmod')).statusCode).toBe(200);
    moderator = { c, id: 0, name: 'rmod' };
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  it('should answer a party with a record that verifies, every event chained in order', async () => {
    const record = await recordOf(buyer);
    expect(record.trade).toBe(hash);
    expect(await verifyTradeRecord(record)).toMatchObject({ ok: true, headHash: record.headHash });
    // Chained live, in the transactions that wrote each event: the chain opens with the trade itself.
    expect(record.entries.map((e) => e.kind)).toEqual([
      'trade_opened',
      'message',
      'attachment',
      'status_changed',
    ]);
    expect(record.entries[0]!.prevHash).toBe(GENESIS_HASH);
    const [opened, , file, paid] = record.entries;
    expect(opened!.payload).toMatchObject({ buyer: buyer.name, seller: seller.name, cryptoCode: 'BTC' });
    expect(record.entries[1]!.payload).toMatchObject({
      text: 'Paying now 👋 ŝ',
      author: { username: buyer.name, role: 'buyer' },
    });
    expect(file!.payload).toMatchObject({
      name: 'receipt.png',
      sha256: createHash('sha256').update(image).digest('hex'),
    });
    expect(paid!.payload).toMatchObject({ status: 'paid' });
  });

  it('should open the chain of a trade older than the record with chain_started', async () => {
    const offer = await s.sellOffer(seller);
    const older = (await s.start(buyer, offer)).id;
    // As if the trade had started before records existed: its entries are not there.
    await db().execute(
      sql`DELETE FROM trade_record_entries WHERE trade_id = (SELECT id FROM trades WHERE hash = ${older})`,
    );
    const response = await buyer.c.get(`/rest/v1/trade/${older}/record`);
    expect(response.statusCode, response.body).toBe(200);
    const record = dataEnvelope(tradeRecordSchema).parse(response.json()).data;
    expect(record.entries.map((e) => e.kind)).toEqual(['chain_started', 'trade_opened']);
    expect((await verifyTradeRecord(record)).ok).toBe(true);
    const cancel = await buyer.c.post(`/rest/v1/trade/${older}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('should answer the other party and a moderator the same chain, and a stranger 404', async () => {
    const mine = await recordOf(buyer);
    expect((await recordOf(seller)).headHash).toBe(mine.headHash);
    expect((await recordOf(moderator)).headHash).toBe(mine.headHash);
    const refused = await stranger.c.get(`/rest/v1/trade/${hash}/record`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors[0].code).toBe('NOT_FOUND');
    expect((await stranger.c.get(`/rest/v1/trade/${hash}/record?format=pdf`)).statusCode).toBe(404);
    expect((await t.client().get(`/rest/v1/trade/${hash}/record`)).statusCode).toBe(401);
  });

  it('should refuse a bad format or trade id with 422 and field details', async () => {
    const format = await buyer.c.get(`/rest/v1/trade/${hash}/record?format=xml`);
    expect(format.statusCode).toBe(422);
    expect(format.json().errors[0].details[0]).toMatchObject({ field: 'format' });
    expect((await buyer.c.get('/rest/v1/trade/bad!id/record')).statusCode).toBe(422);
  });

  it('should render the record as a PDF, characters outside WinAnsi shown visibly', async () => {
    const response = await buyer.c.get(`/rest/v1/trade/${hash}/record?format=pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const latin = new Set(Array.from({ length: 0x5f }, (_, i) => 0x20 + i).concat(0xe9));
    expect(pdfSafeText('café 👋 ŝ', latin)).toBe('café [U+1F44B] s');
  });

  it('should append entries in order under the per-trade lock, linked to the one before', async () => {
    const before = await recordOf(buyer);
    // A message written outside the trades code (no hook ran): the next writer chains it.
    await db().execute(
      sql`INSERT INTO trade_messages (trade_id, author_id, kind, text) VALUES (${tradeId}, ${seller.id}, 'user', 'Received, releasing soon')`,
    );
    // Two writers at once: the lock makes them take turns, the unique message index keeps one entry.
    const added = await Promise.all([
      db().transaction((tx) => recordTradeMessages(tx, tradeId)),
      db().transaction((tx) => recordTradeMessages(tx, tradeId)),
    ]);
    expect(added.sort()).toEqual([0, 1]);
    const extra = await db().transaction((tx) =>
      appendTradeRecordEntry(tx, tradeId, {
        kind: 'chain_started',
        at: '2030-01-01T00:00:00.000Z',
        payload: { reason: 'backfill', note: 'test entry', statusAtStart: 'paid' },
      }),
    );
    const after = await recordOf(buyer);
    expect(after.entries).toHaveLength(before.entries.length + 2);
    expect(after.entries.at(-2)!.prevHash).toBe(before.headHash);
    expect(extra).toMatchObject({ seq: before.entries.length + 2, prevHash: after.entries.at(-2)!.hash });
    expect((await verifyTradeRecord(after)).ok).toBe(true);
    // Not a status the trade has: remove the test entry again so the checks below start clean.
    await db().execute(
      sql`DELETE FROM trade_record_entries WHERE trade_id = ${tradeId} AND seq = ${extra.seq}`,
    );
  });

  it('should chain a dispute and its award live: the record verifies and trades:check passes', async () => {
    const offer = await s.sellOffer(seller);
    const trade = await s.start(buyer, offer);
    await s.markPaid(buyer, trade.id);
    await db().execute(
      sql`UPDATE trades SET dispute_available_at = now() - interval '1 minute' WHERE hash = ${trade.id}`,
    );
    await s.openDispute(buyer, trade.id);
    await t.app.trades.awardDispute(trade.id, { winner: 'buyer', reason: 'The bank statement shows it.' });
    const response = await seller.c.get(`/rest/v1/trade/${trade.id}/record`);
    expect(response.statusCode, response.body).toBe(200);
    const record = dataEnvelope(tradeRecordSchema).parse(response.json()).data;
    expect((await verifyTradeRecord(record)).ok).toBe(true);
    expect(record.entries[0]!.kind).toBe('trade_opened');
    const statuses = record.entries
      .filter((e) => e.kind === 'status_changed')
      .map((e) => (e.payload as { status: string }).status);
    expect(statuses).toEqual(['paid', 'dispute_open', 'dispute_won_buyer']);
    expect(JSON.stringify(record.entries.at(-1)!.payload)).toContain('The bank statement shows it.');
    const check = await s.admin('trades:check');
    expect(check.exitCode, check.output).toBe(0);
  });

  it('should chain chat messages posted at once on several trades (one transaction for many) and a status change among them', async () => {
    // Three trades, a buyer each (a buyer may hold two active trades until verified).
    const trades: { hash: string; buyer: Party }[] = [];
    for (const prefix of ['gbuyer', 'gbuyer', 'gbuyer']) {
      const taker = await s.party(prefix);
      const offer = await s.sellOffer(seller);
      trades.push({ hash: (await s.start(taker, offer)).id, buyer: taker });
    }
    const posts = Array.from({ length: 30 }, (_, i) => {
      const trade = trades[i % 3]!;
      const author = i % 2 === 0 ? trade.buyer : seller;
      return author.c.post(`/rest/v1/trade/${trade.hash}/messages`, { text: `at once ${i}` });
    });
    const paid = trades[0]!.buyer.c.post(`/rest/v1/trade/${trades[0]!.hash}/paid`);
    const answers = await Promise.all([...posts, paid]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(300);
    for (const [index, trade] of trades.entries()) {
      const response = await trade.buyer.c.get(`/rest/v1/trade/${trade.hash}/record`);
      const record = dataEnvelope(tradeRecordSchema).parse(response.json()).data;
      expect((await verifyTradeRecord(record)).ok).toBe(true);
      const texts = record.entries
        .filter((e) => e.kind === 'message')
        .map((e) => (e.payload as { text: string }).text);
      // Every message once, and in the order the database numbered them (the chain follows the ids).
      const expected = Array.from({ length: 30 }, (_, i) => i)
        .filter((i) => i % 3 === index)
        .map((i) => `at once ${i}`);
      expect([...texts].sort()).toEqual([...expected].sort());
      const ids = record.entries
        .filter((e) => e.kind === 'message')
        .map((e) => (e.payload as { messageId: number }).messageId);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
    // Group commit: the thirty messages took fewer transactions than messages.
    const [written] = await query<{ transactions: number }>(
      sql`SELECT count(DISTINCT xmin::text)::int AS transactions FROM trade_messages WHERE text LIKE 'at once %'`,
    );
    expect(written!.transactions).toBeLessThan(30);
    const check = await s.admin('trades:check');
    expect(check.exitCode, check.output).toBe(0);
  });

  it('should store and chain texts that mean something in an array literal exactly, posted at once', async () => {
    // A batch travels as array parameters (one statement whatever its size): nothing in a text may
    // split an element, end the array or read as NULL.
    const taker = await s.party('gbuyer');
    const trade = await s.start(taker, await s.sellOffer(seller));
    const texts = [
      'a "quoted" word',
      'back\\slash \\"',
      '{braces}, and, commas',
      'NULL',
      'two\nlines',
      'ünï 💸 中文',
      "'single'",
    ];
    const answers = await Promise.all(
      texts.map((text) => taker.c.post(`/rest/v1/trade/${trade.id}/messages`, { text })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const response = await taker.c.get(`/rest/v1/trade/${trade.id}/record`);
    const record = dataEnvelope(tradeRecordSchema).parse(response.json()).data;
    expect((await verifyTradeRecord(record)).ok).toBe(true);
    const chained = record.entries
      .filter((e) => e.kind === 'message')
      .map((e) => (e.payload as { text: string }).text);
    expect([...chained].sort()).toEqual([...texts].sort());
    const stored = await query<{ text: string }>(
      sql`SELECT text FROM trade_messages m JOIN trades t ON t.id = m.trade_id
        WHERE t.hash = ${trade.id} AND m.kind = 'user'`,
    );
    expect(stored.map((row) => row.text).sort()).toEqual([...texts].sort());
  });

  it('should refuse only the message that cannot be written when messages share a transaction', async () => {
    const taker = await s.party('gbuyer');
    const trade = await s.start(taker, await s.sellOffer(seller));
    // A trigger refuses one text: that message fails, the others written beside it still commit.
    await db().execute(
      sql.raw(`CREATE FUNCTION test_refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.text = 'boom' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER test_refuse_boom BEFORE INSERT ON trade_messages
        FOR EACH ROW EXECUTE FUNCTION test_refuse_boom()`),
    );
    try {
      const author = { id: taker.id, role: 'user', username: taker.name, accountState: 'active' } as const;
      const results = await Promise.allSettled(
        ['first', 'boom', 'second'].map((text) => t.app.trades.postMessage(author, trade.id, text)),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    } finally {
      await db().execute(sql.raw('DROP TRIGGER test_refuse_boom ON trade_messages'));
      await db().execute(sql.raw('DROP FUNCTION test_refuse_boom()'));
    }
    const response = await taker.c.get(`/rest/v1/trade/${trade.id}/record`);
    const record = dataEnvelope(tradeRecordSchema).parse(response.json()).data;
    expect((await verifyTradeRecord(record)).ok).toBe(true);
    // The two that were written, each once (concurrent requests: either may come first).
    expect(
      record.entries
        .filter((e) => e.kind === 'message')
        .map((e) => (e.payload as { text: string }).text)
        .sort(),
    ).toEqual(['first', 'second']);
    const check = await s.admin('trades:check');
    expect(check.exitCode, check.output).toBe(0);
  });

  describe('trade:verify-record', () => {
    it('should give the same verifiable document with ?case=snake (the record keeps its keys)', async () => {
      const response = await buyer.c.get(`/rest/v1/trade/${hash}/record?case=snake`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain('"headHash"');
      const ok = await s.admin('trade:verify-record', writeRecord(response.json()));
      expect(ok.exitCode, ok.output).toBe(0);
    });

    it('should accept the downloaded answer and the bare record', async () => {
      const response = await buyer.c.get(`/rest/v1/trade/${hash}/record`);
      const ok = await s.admin('trade:verify-record', writeRecord(response.json()));
      expect(ok.exitCode, ok.output).toBe(0);
      expect(ok.output).toMatch(new RegExp(`valid record of trade ${hash}`));
      const bare = await s.admin('trade:verify-record', '--file', writeRecord(response.json().data));
      expect(bare.exitCode, bare.output).toBe(0);
    });

    it('should fail on a tampered file and name the entry', async () => {
      const record: TradeRecord = (await buyer.c.get(`/rest/v1/trade/${hash}/record`)).json().data;
      const index = record.entries.findIndex((e) => e.kind === 'message');
      (record.entries[index]!.payload as { text: string }).text = 'I never paid';
      const result = await s.admin('trade:verify-record', writeRecord(record));
      expect(result.exitCode).toBe(1);
      expect(result.output).toMatch(
        new RegExp(`NOT VALID at entry ${index + 1}: entry ${index + 1} was changed`),
      );
    });

    it('should fail on a file that is missing or not JSON', async () => {
      expect((await s.admin('trade:verify-record', path.join(t.config.dataDir, 'nope.json'))).exitCode).toBe(
        1,
      );
      const junk = path.join(t.config.dataDir, 'junk.json');
      fs.writeFileSync(junk, '{"entries": 3}');
      const result = await s.admin('trade:verify-record', junk);
      expect(result.exitCode).toBe(1);
      expect(result.output).toMatch(/not a valid trade record/);
      expect((await s.admin('trade:verify-record')).exitCode).toBe(1);
    });
  });

  describe('trades:check', () => {
    it('should pass while the database matches the records', async () => {
      const result = await s.admin('trades:check');
      expect(result.exitCode, result.output).toBe(0);
      expect(result.output).toMatch(/every record matches/);
    });

    it('should detect a message text changed with SQL, and pass again once it is back', async () => {
      const id = await userMessageId('Paying now 👋 ŝ');
      await db().execute(sql`UPDATE trade_messages SET text = 'Paying later' WHERE id = ${id}`);
      const result = await s.admin('trades:check');
      expect(result.exitCode).toBe(1);
      expect(result.output).toMatch(
        new RegExp(`trade ${hash} entry 2: message ${id} \\(message\\) differs from its record in: text`),
      );
      await db().execute(sql`UPDATE trade_messages SET text = 'Paying now 👋 ŝ' WHERE id = ${id}`);
      expect((await s.admin('trades:check')).exitCode).toBe(0);
    });

    it('should detect a status changed with SQL', async () => {
      await db().execute(sql`UPDATE trades SET status = 'released' WHERE id = ${tradeId}`);
      const result = await s.admin('trades:check');
      await db().execute(sql`UPDATE trades SET status = 'paid' WHERE id = ${tradeId}`);
      expect(result.exitCode).toBe(1);
      expect(result.output).toMatch(/status is released but its record's last status is paid/);
    });

    it('should detect a message deleted with SQL, and a message added without an entry', async () => {
      const id = await userMessageId('Received, releasing soon');
      await db().execute(sql`DELETE FROM trade_messages WHERE id = ${id}`);
      await db().execute(
        sql`INSERT INTO trade_messages (trade_id, author_id, kind, text) VALUES (${tradeId}, ${buyer.id}, 'user', 'forged')`,
      );
      const result = await s.admin('trades:check');
      expect(result.exitCode).toBe(1);
      expect(result.output).toMatch(new RegExp(`message ${id} \\(message\\) was deleted from the database`));
      expect(result.output).toMatch(/message \d+ \(user\) is not in the record/);
    });
  });
});
