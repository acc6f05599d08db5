import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import {
  auditLogPageSchema,
  REALTIME_PATH,
  TRADE_MESSAGE_MAX,
  tradeMessageSchema,
  tradeRecordSchema,
  tradeSchema,
  verifyTradeRecord,
  type TradeMessage,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { multipart, png } from '../../../test/uploads.js';
import { usersChanged } from '../../platform/db/changes.js';

type Response = Awaited<ReturnType<TestClient['get']>>;
type Frame = { type: string; tradeHash?: string; data?: unknown };

/**
 * Staff messages in a dispute's chat (issue 26 item 10, decision 0052), through the real HTTP stack,
 * database and WebSocket: who may write (holder, supermod, the decider for the chat's grace), every
 * refusal (stranger and plain party 404, staff party 403, other moderator 409, no CSRF 403, bad text 422,
 * closed chat 409), the parties' route closed to staff, the audit row and the record entry per message,
 * live delivery to both parties, and 20 posts at once stored once each.
 */
describe('staff messages in a dispute chat', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let seller: Party;
  let offer: string;
  let wsBase = '';
  let origin = '';
  const sockets: WebSocket[] = [];
  const staff: Record<string, Party> = {};

  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const codeOf = (response: Response) => (response.json().errors?.[0] as { code: string } | undefined)?.code;
  const write = (who: Party, hash: string, body: unknown, options?: { csrf?: boolean }) =>
    who.c.post(`/rest/v1/admin/disputes/${hash}/messages`, body as Record<string, unknown>, options);
  const take = (who: string, hash: string) =>
    staff[who]!.c.post(`/rest/v1/admin/disputes/${hash}/assign`, {});
  const messagesOf = async (who: Party, hash: string): Promise<TradeMessage[]> =>
    ok(await who.c.get(`/rest/v1/trade/${hash}/messages?limit=100`)).messages as TradeMessage[];
  const viewOf = async (who: Party, hash: string) =>
    tradeSchema.parse(ok(await who.c.get(`/rest/v1/trade/${hash}`)));
  const auditOf = async (hash: string) =>
    auditLogPageSchema.parse(
      ok(await staff.msuper!.c.get(`/rest/v1/admin/audit-log?targetId=${hash}&action=dispute.message`)),
    ).items;
  const recordOf = async (who: Party, hash: string) =>
    tradeRecordSchema.parse(ok(await who.c.get(`/rest/v1/trade/${hash}/record`)));

  /** A socket on the party's own session, with every frame it receives. */
  async function socketOf(who: Party): Promise<Frame[]> {
    const frames: Frame[] = [];
    const ws = new WebSocket(`${wsBase}${REALTIME_PATH}`, {
      headers: { cookie: who.c.cookieHeader() },
      origin,
    });
    sockets.push(ws);
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as Frame));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await until(() => frames.some((f) => f.type === 'ready'), 'ready');
    return frames;
  }
  async function until(check: () => boolean, what: string, ms = 5_000) {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ TRADE_DISPUTE_AFTER_PAID_MINUTES: '0' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    wsBase = `ws://127.0.0.1:${port}`;
    origin = `http://127.0.0.1:${port}`;
    s = tradeScenario(t);
    seller = await s.party('smseller');
    await s.fund(seller.name, '1');
    offer = await s.sellOffer(seller);
    for (const [name, role] of [
      ['mmod', 'moderator'],
      ['mmod2', 'moderator'],
      ['msuper', 'supermod'],
    ] as const) {
      staff[name] = await s.staffMember(name, role);
    }
  }, 120_000);
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t?.close();
  });

  it('should let the holder write to both parties: marked as staff, live, audited and in the trade record', async () => {
    const { buyer, trade } = await s.disputedTrade(seller, offer);
    ok(await take('mmod', trade.id));
    const [atBuyer, atSeller] = [await socketOf(buyer), await socketOf(seller)];
    const text = 'Both of you: please upload your bank statements for 1 March.';
    const posted = tradeMessageSchema.parse(
      ok(await write(staff.mmod!, trade.id, { text: `  ${text} ` }), 201),
    );
    expect(posted).toMatchObject({
      tradeHash: trade.id,
      kind: 'user',
      author: { username: 'mmod', role: 'moderator' },
      text,
      system: null,
    });
    // Live, to both parties, as the chat shows it.
    const isIt = (f: Frame) => f.type === 'trade.message' && (f.data as { id?: number }).id === posted.id;
    await until(() => atBuyer.some(isIt) && atSeller.some(isIt), 'the staff message at both parties');
    expect(atBuyer.find(isIt)?.data).toEqual(posted);
    // Both parties read it in the chat, marked as the moderator's.
    for (const party of [buyer, seller]) {
      expect((await messagesOf(party, trade.id)).at(-1)).toEqual(posted);
    }
    // One audit row with the words and the message.
    const audit = await auditOf(trade.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: 'mmod',
      action: 'dispute.message',
      reason: text,
      after: { messageId: posted.id },
    });
    // Chained: the record's last entry is this message, by a moderator, and the chain verifies.
    const record = await recordOf(buyer, trade.id);
    expect(await verifyTradeRecord(record)).toMatchObject({ ok: true });
    expect(record.entries.at(-1)).toMatchObject({
      kind: 'message',
      payload: { messageId: posted.id, kind: 'user', author: { username: 'mmod', role: 'moderator' }, text },
    });
    // ?case=snake answers the same message in snake_case.
    const snake = await staff.mmod!.c.post(`/rest/v1/admin/disputes/${trade.id}/messages?case=snake`, {
      text: 'Thank you.',
    });
    expect(snake.statusCode, snake.body).toBe(201);
    expect(snake.json().data).toMatchObject({ trade_hash: trade.id, attachment_id: null });
  });

  it('should refuse outsiders with 404, a party who is staff with 403, another moderator with 409', async () => {
    const { buyer, trade } = await s.disputedTrade(seller, offer);
    ok(await take('mmod', trade.id));
    // Strangers and the (non-staff) parties: the console's 404, before CSRF and validation.
    for (const client of [t.client(), buyer.c, seller.c]) {
      const refused = await client.post(`/rest/v1/admin/disputes/${trade.id}/messages`, { text: 'hi' });
      expect(refused.statusCode).toBe(404);
      expect(codeOf(refused)).toBe('ROUTE_NOT_FOUND');
    }
    // A moderator who does not hold it.
    const other = await write(staff.mmod2!, trade.id, { text: 'Hello from another desk.' });
    expect(other.statusCode).toBe(409);
    expect(codeOf(other)).toBe('DISPUTE_NOT_YOURS');
    // A supermod may, without holding it (as for the award).
    const boss = tradeMessageSchema.parse(
      ok(await write(staff.msuper!, trade.id, { text: 'A supervisor is following this case.' }), 201),
    );
    expect(boss.author).toEqual({ username: 'msuper', role: 'moderator' });
    // An unknown dispute, and a trade without one.
    expect((await write(staff.mmod!, 'UnknownTrade01', { text: 'x' })).statusCode).toBe(404);
    const plain = await s.start(await s.party('smplain'), offer);
    expect((await write(staff.msuper!, plain.id, { text: 'x' })).statusCode).toBe(404);
    // A staff member who is a party of the trade writes as a party, never as staff.
    const trader = await s.staffMember('mtrader', 'moderator');
    const own = await s.start(trader, offer);
    await s.markPaid(trader, own.id);
    await s.openDispute(trader, own.id);
    const self = await write(trader, own.id, { text: 'I am right.' });
    expect(self.statusCode).toBe(403);
    expect(codeOf(self)).toBe('DISPUTE_OWN_TRADE');
    // Nothing of the refused ones reached the chat or the audit log.
    const texts = (await messagesOf(buyer, trade.id)).map((m) => m.text);
    expect(texts).not.toContain('Hello from another desk.');
    expect((await auditOf(trade.id)).map((e) => e.actor)).toEqual(['msuper']);
  });

  it('should refuse a write without the CSRF token, and bad text with 422 on the field', async () => {
    const { trade } = await s.disputedTrade(seller, offer);
    ok(await take('mmod', trade.id));
    const noCsrf = await write(staff.mmod!, trade.id, { text: 'hello' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    for (const body of [
      { text: 'bell\u0007 and null\u0000' },
      { text: 'x'.repeat(TRADE_MESSAGE_MAX + 1) },
      { text: '   ' },
      {},
      { text: 42 },
    ]) {
      const bad = await write(staff.mmod!, trade.id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json().errors[0]).toMatchObject({
        code: 'ERROR_INPUT_VALIDATION',
        details: [expect.objectContaining({ field: 'text' })],
      });
    }
    expect(
      ok(await write(staff.mmod!, trade.id, { text: 'x'.repeat(TRADE_MESSAGE_MAX) }), 201).text,
    ).toHaveLength(TRADE_MESSAGE_MAX);
  });

  it('should keep staff off the parties’ chat and upload routes: staff speak from the console only', async () => {
    const { trade } = await s.disputedTrade(seller, offer);
    ok(await take('mmod', trade.id));
    const viaTrade = await staff.mmod!.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'hello' });
    expect(viaTrade.statusCode).toBe(403);
    expect(codeOf(viaTrade)).toBe('TRADE_FORBIDDEN_ACTION');
    const body = multipart([{ name: 'file', filename: 'note.png', type: 'image/png', data: await png() }]);
    const upload = await staff.mmod!.c.request(
      'POST',
      `/rest/v1/trade/${trade.id}/attachments`,
      body.payload as unknown as Record<string, never>,
      { headers: { 'content-type': body.contentType } },
    );
    expect(upload.statusCode, upload.body).toBe(403);
    expect(codeOf(upload)).toBe('TRADE_FORBIDDEN_ACTION');
    // The view tells each staff member whether the console's box is theirs.
    expect((await viewOf(staff.mmod!, trade.id)).chat).toMatchObject({ canPost: true, blockReason: null });
    expect((await viewOf(staff.mmod2!, trade.id)).chat).toMatchObject({
      canPost: false,
      blockReason: 'ChatBlocked',
    });
    expect((await viewOf(staff.msuper!, trade.id)).chat.canPost).toBe(true);
    // A trade without a dispute is the parties' own.
    const plain = await s.start(await s.party('smplain'), offer);
    expect((await viewOf(staff.msuper!, plain.id)).chat).toMatchObject({
      canPost: false,
      blockReason: 'ChatNotAvailableYet',
    });
  });

  it('should let the decider write after the decision while the parties’ chat is open, nobody after', async () => {
    const { buyer, trade } = await s.disputedTrade(seller, offer);
    ok(await take('mmod', trade.id));
    ok(
      await staff.mmod!.c.post(`/rest/v1/admin/disputes/${trade.id}/award`, {
        winner: 'seller',
        reason: 'No payment reached the seller’s account.',
      }),
    );
    // The decider answers a question about the decision; another moderator may not.
    ok(await write(staff.mmod!, trade.id, { text: 'The statement you sent shows no transfer.' }), 201);
    expect(codeOf(await write(staff.mmod2!, trade.id, { text: 'Hi' }))).toBe('DISPUTE_NOT_YOURS');
    const decided = await viewOf(staff.mmod!, trade.id);
    expect(decided.chat.canPost).toBe(true);
    expect(decided.chat.closesAt?.timestamp).toBe(
      (decided.cancelledAt ?? decided.completedAt)!.timestamp + 24 * 3600,
    );
    expect((await viewOf(buyer, trade.id)).chat).toMatchObject({ canPost: true, blockReason: null });
    // The grace is over: closed for the parties and for staff alike.
    await t.database.db.execute(
      sql`UPDATE trades SET completed_at = now() - interval '25 hours', cancelled_at = now() - interval '25 hours'
        WHERE hash = ${trade.id}`,
    );
    // Written in the table, so announced as the product's own writes are (the parties' views are kept).
    usersChanged(t.database.db, [buyer.id, seller.id]);
    const late = await write(staff.mmod!, trade.id, { text: 'One more thing.' });
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('DISPUTE_CHAT_CLOSED');
    expect(codeOf(await write(staff.msuper!, trade.id, { text: 'One more thing.' }))).toBe(
      'DISPUTE_CHAT_CLOSED',
    );
    expect((await viewOf(staff.mmod!, trade.id)).chat).toMatchObject({
      canPost: false,
      blockReason: 'ChatBlockedAfterTradeIsCanceled',
    });
    expect((await viewOf(buyer, trade.id)).chat.blockReason).toBe('ChatBlockedAfterTradeIsCanceled');
  });

  it('should store 20 messages posted at once exactly once each, each audited and chained', async () => {
    const { buyer, trade } = await s.disputedTrade(seller, offer);
    ok(await take('mmod', trade.id));
    const texts = Array.from({ length: 20 }, (_, i) => `Staff note ${i + 1}`);
    const answers = await Promise.all(texts.map((text) => write(staff.mmod!, trade.id, { text })));
    expect(answers.map((a) => a.statusCode)).toEqual(texts.map(() => 201));
    const ids = answers.map((a) => (a.json().data as TradeMessage).id);
    expect(new Set(ids).size).toBe(20);
    const stored = (await messagesOf(buyer, trade.id)).filter((m) => m.author?.role === 'moderator');
    expect(stored.map((m) => m.text).sort()).toEqual([...texts].sort());
    expect(stored.map((m) => m.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const audit = await auditOf(trade.id);
    expect(audit).toHaveLength(20);
    expect(audit.map((e) => (e.after as { messageId: number }).messageId).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
    const record = await recordOf(seller, trade.id);
    expect(await verifyTradeRecord(record)).toMatchObject({ ok: true });
    const chained = record.entries
      .filter((e) => e.kind === 'message')
      .map((e) => (e.payload as { messageId: number }).messageId);
    for (const id of ids) expect(chained.filter((c) => c === id)).toHaveLength(1);
  }, 60_000);
});
