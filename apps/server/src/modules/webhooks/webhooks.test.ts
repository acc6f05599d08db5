import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_CHALLENGE_HEADER, webhookEventNames } from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { createSafeFetch } from '../../platform/outbound/index.js';
import { createWebhookDelivery } from './delivery.js';
import { MAX_ATTEMPTS } from './retry.js';

type Received = { headers: http.IncomingHttpHeaders; body: string; url: string };

/**
 * A receiver on 127.0.0.1 that does what a test tells it: answer the challenge (or not), fail with a
 * status, redirect. It records every request.
 */
function startReceiver() {
  const received: Received[] = [];
  let mode: 'ok' | 'no-echo' | 'fail' | { redirect: string } = 'ok';
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body, url: request.url ?? '' });
      if (typeof mode === 'object') {
        response.writeHead(302, { location: mode.redirect }).end();
      } else if (mode === 'fail') {
        response.writeHead(500).end('receiver down');
      } else {
        const challenge = request.headers[WEBHOOK_CHALLENGE_HEADER];
        if (mode === 'ok' && typeof challenge === 'string') {
          response.setHeader(WEBHOOK_CHALLENGE_HEADER, challenge);
        }
        response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      }
    });
  });
  return {
    received,
    setMode: (next: typeof mode) => (mode = next),
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const until = async (what: () => Promise<boolean> | boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('webhooks', () => {
  let t: TestApp;
  let receiver: ReturnType<typeof startReceiver>;
  let base: string;
  let scenario: ReturnType<typeof tradeScenario>;

  beforeAll(async () => {
    receiver = startReceiver();
    base = await receiver.listen();
    t = await createTestApp({ WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_SECONDS: '2' });
    scenario = tradeScenario(t);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.setMode('ok');
    receiver.received.length = 0;
  });

  const webhookOf = async (p: Party) => (await p.c.get('/rest/v1/webhooks')).json().data;
  const deliveriesOf = async (p: Party) => (await p.c.get('/rest/v1/webhooks/deliveries')).json().data;

  it('should start in the initial state with every event ticked, and refuse strangers', async () => {
    const owner = await scenario.party('wh');
    const webhook = await webhookOf(owner);
    expect(webhook).toMatchObject({ webhookUrl: null, status: 'initial', enabled: false, errorKey: null });
    expect(webhook.events).toEqual(webhookEventNames.map((name) => ({ name, checked: true })));

    const stranger = t.client();
    expect((await stranger.get('/rest/v1/webhooks')).statusCode).toBe(401);
    expect((await stranger.post('/rest/v1/webhooks', { url: `${base}/x` })).statusCode).toBe(401);
    // A webhook that does not exist yet: its sub-resources are 404, not a 500.
    expect((await owner.c.get('/rest/v1/webhooks/deliveries')).statusCode).toBe(404);
    expect((await owner.c.post('/rest/v1/webhooks/verify', { url: `${base}/x` })).statusCode).toBe(404);
    expect((await owner.c.delete('/rest/v1/webhooks')).statusCode).toBe(404);
  });

  it('should enable a URL that answers the signed challenge, and show the secret only once', async () => {
    const owner = await scenario.party('wh');
    const saved = await owner.c.post('/rest/v1/webhooks', { url: `${base}/hooks/a` });
    expect(saved.statusCode, saved.body).toBe(200);
    const { webhook, secret, check } = saved.json().data;
    expect(check).toMatchObject({ passed: true, errorKey: null, responseStatus: 200 });
    expect(webhook).toMatchObject({ webhookUrl: `${base}/hooks/a`, status: 'enabled', enabled: true });
    expect(secret).toMatch(/^whsec_/);
    expect(webhook.secretPrefix).toBe(secret.slice(0, 10));

    // The challenge itself is signed: a receiver can check it with any Standard Webhooks library.
    const [challenge] = receiver.received;
    const body = JSON.parse(challenge!.body);
    expect(body).toMatchObject({ type: 'webhook.verification', payload: { challenge: expect.any(String) } });
    expect(challenge!.headers[WEBHOOK_CHALLENGE_HEADER]).toBe(body.payload.challenge);
    expect(() =>
      new Webhook(secret).verify(challenge!.body, challenge!.headers as Record<string, string>),
    ).not.toThrow();

    const again = await owner.c.post('/rest/v1/webhooks', { url: `${base}/hooks/b` });
    expect(again.json().data.secret).toBeNull();
    expect((await webhookOf(owner)).webhookUrl).toBe(`${base}/hooks/b`);
  });

  it('should keep a URL that fails its check disabled, with the reason', async () => {
    const owner = await scenario.party('wh');
    receiver.setMode('no-echo');
    const silent = (await owner.c.post('/rest/v1/webhooks', { url: `${base}/any-200` })).json().data;
    expect(silent.check).toMatchObject({
      passed: false,
      errorKey: 'challenge_mismatch',
      responseStatus: 200,
    });
    expect(silent.webhook).toMatchObject({ status: 'disabled', errorKey: 'challenge_mismatch' });

    receiver.setMode('fail');
    const failing = await owner.c.post('/rest/v1/webhooks/verify', { url: `${base}/any-200` });
    expect(failing.json().data.webhook).toMatchObject({ status: 'disabled', errorKey: 'bad_status' });

    receiver.setMode('ok');
    const fixed = await owner.c.post('/rest/v1/webhooks/verify', { url: `${base}/any-200` });
    expect(fixed.json().data.webhook).toMatchObject({ status: 'enabled', errorKey: null });
    expect(fixed.json().data.webhook.verifiedAt).not.toBeNull();

    // Another address is only tried: the saved one keeps its state.
    receiver.setMode('fail');
    const other = await owner.c.post('/rest/v1/webhooks/verify', { url: `${base}/elsewhere` });
    expect(other.json().data.check.passed).toBe(false);
    expect(other.json().data.webhook).toMatchObject({ status: 'enabled', webhookUrl: `${base}/any-200` });
  });

  it('should refuse addresses that may never be called, before calling them', async () => {
    const owner = await scenario.party('wh');
    const cases: Array<[string, string]> = [
      ['http://example.com/hook', 'https_required'],
      ['ftp://example.com/hook', 'url'],
      ['https://user:pw@example.com/hook', 'credentials_in_url'],
      ['https://10.0.0.8/hook', 'address_not_allowed'],
      ['https://192.168.1.1/hook', 'address_not_allowed'],
      ['https://172.16.0.1/hook', 'address_not_allowed'],
      ['https://169.254.169.254/latest/meta-data', 'address_not_allowed'],
      ['https://[::1]/hook', 'address_not_allowed'],
      ['https://[fd00::1]/hook', 'address_not_allowed'],
      ['https://100.64.0.1/hook', 'address_not_allowed'],
      ['https://0.0.0.0/hook', 'address_not_allowed'],
      ['https://example.com/a\u0000b', 'url'],
      [`https://example.com/${'a'.repeat(3_000)}`, 'url'],
    ];
    for (const [url, code] of cases) {
      const response = await owner.c.post('/rest/v1/webhooks', { url });
      expect(response.statusCode, url).toBe(422);
      const [detail] = response.json().errors[0].details;
      expect(detail.field, url).toBe('url');
      if (code !== 'url') expect(detail.code, url).toBe(code);
    }
    expect(receiver.received).toHaveLength(0);
    expect((await webhookOf(owner)).status).toBe('initial');
  });

  it('should refuse a name that resolves to a private address, and a redirect to one', async () => {
    const owner = await scenario.party('wh');
    // `localhost` is not on the allowed list (only 127.0.0.1 is): its address is checked after DNS.
    const port = new URL(base).port;
    const byName = (await owner.c.post('/rest/v1/webhooks', { url: `https://localhost:${port}/x` })).json()
      .data;
    expect(byName.check).toMatchObject({ passed: false, errorKey: 'address_not_allowed' });
    expect(receiver.received).toHaveLength(0);

    for (const target of ['http://10.1.2.3/steal', `http://localhost:${port}/again`, 'http://[::1]/x']) {
      receiver.setMode({ redirect: target });
      const redirected = (await owner.c.post('/rest/v1/webhooks', { url: `${base}/redirecting` })).json()
        .data;
      expect(redirected.check, target).toMatchObject({ passed: false, errorKey: 'address_not_allowed' });
      expect(redirected.webhook.status).toBe('disabled');
    }
  });

  it('should deliver ticked trade events signed, log them, and skip unticked ones and the author', async () => {
    const seller = await scenario.party('whs');
    const buyer = await scenario.party('whb');
    const saved = (await seller.c.post('/rest/v1/webhooks', { url: `${base}/seller` })).json().data;
    const secret = saved.secret as string;
    await seller.c.post('/rest/v1/webhooks/events', { events: [{ name: 'trade.paid', checked: false }] });
    receiver.received.length = 0;

    await scenario.fund(seller.name, '0.05');
    const offer = await scenario.sellOffer(seller);
    const trade = await scenario.start(buyer, offer);
    await seller.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'Hello, pay to the IBAN please' });
    await buyer.c.post(`/rest/v1/trade/${trade.id}/messages`, { text: 'Paying now' });
    await scenario.markPaid(buyer, trade.id);

    await until(() => receiver.received.length >= 2);
    await t.app.webhookDeliveries.deliverDue();
    const bodies = receiver.received.map((r) => JSON.parse(r.body));
    const types = bodies.map((b) => b.type).sort();
    // trade.paid is unticked; the seller's own message is not "received" by the seller.
    expect(types).toEqual(['trade.chat_message_received', 'trade.started']);
    const started = bodies.find((b) => b.type === 'trade.started');
    expect(started.payload).toMatchObject({ tradeHash: trade.id, status: expect.any(String) });
    expect(bodies.find((b) => b.type === 'trade.chat_message_received').payload.text).toBe('Paying now');
    for (const request of receiver.received) {
      expect(() =>
        new Webhook(secret).verify(request.body, request.headers as Record<string, string>),
      ).not.toThrow();
      // A tampered body fails the receiver's check.
      expect(() =>
        new Webhook(secret).verify(`${request.body} `, request.headers as Record<string, string>),
      ).toThrow();
    }

    const log = await deliveriesOf(seller);
    expect(log.total).toBe(2);
    expect(log.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200 });
    expect(log.deliveries[0].responseExcerpt).toBe('thanks');
    // The buyer has no webhook: nothing for them, and they cannot read the seller's log.
    expect((await buyer.c.get('/rest/v1/webhooks/deliveries')).statusCode).toBe(404);
  });

  it('should retry on the schedule, give up after the last attempt, turn the webhook off and mail its owner', async () => {
    const seller = await scenario.party('whr');
    const buyer = await scenario.party('whq');
    await seller.c.post('/rest/v1/webhooks', { url: `${base}/flaky` });
    receiver.setMode('fail');
    receiver.received.length = 0;
    await scenario.fund(seller.name, '0.05');
    const trade = await scenario.start(buyer, await scenario.sellOffer(seller));

    await until(async () => Boolean((await deliveriesOf(seller)).deliveries[0]?.lastAttemptAt));
    const [first] = (await deliveriesOf(seller)).deliveries;
    expect(first).toMatchObject({ status: 'pending', responseStatus: 500, errorKey: 'bad_status' });
    const wait = Date.parse(first.nextAttemptAt) - Date.parse(first.lastAttemptAt);
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThan(8_000);

    // The clock is not waited for: each retry is made due by hand, as the schedule would.
    for (let n = 2; n <= MAX_ATTEMPTS; n += 1) {
      await t.database.db.execute(
        sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = ${first.id}`,
      );
      await t.app.webhookDeliveries.deliverDue();
    }
    const [last] = (await deliveriesOf(seller)).deliveries;
    expect(last).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    expect(receiver.received.filter((r) => r.url === '/flaky')).toHaveLength(MAX_ATTEMPTS);
    expect(await webhookOf(seller)).toMatchObject({ status: 'disabled', errorKey: 'retries_exhausted' });
    const mails = await t.database.db.execute(
      sql`SELECT template FROM outbox_messages WHERE user_id = ${seller.id} AND template = 'webhook_disabled'`,
    );
    expect((mails as unknown as { rows: unknown[] }).rows).toHaveLength(1);

    // Off: nothing new is queued for it, and "send again" is refused until it is verified.
    await scenario.markPaid(buyer, trade.id);
    expect((await deliveriesOf(seller)).total).toBe(1);
    const refused = await seller.c.post(`/rest/v1/webhooks/deliveries/${first.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('WEBHOOK_DISABLED');

    receiver.setMode('ok');
    await seller.c.post('/rest/v1/webhooks/verify', { url: `${base}/flaky` });
    const resent = await seller.c.post(`/rest/v1/webhooks/deliveries/${first.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    await until(async () => (await deliveriesOf(seller)).deliveries[0]?.status === 'delivered');
    const [delivered] = (await deliveriesOf(seller)).deliveries;
    expect(delivered).toMatchObject({ attempts: MAX_ATTEMPTS + 1, messageId: first.messageId });

    // Another user's delivery is not theirs to resend.
    const other = await scenario.party('who');
    await other.c.post('/rest/v1/webhooks', { url: `${base}/other` });
    expect((await other.c.post(`/rest/v1/webhooks/deliveries/${first.id}/resend`)).statusCode).toBe(404);
  });

  it('should keep queued deliveries across a restart: another worker on the same database sends them', async () => {
    const seller = await scenario.party('whk');
    const buyer = await scenario.party('whj');
    await seller.c.post('/rest/v1/webhooks', { url: `${base}/durable` });
    receiver.setMode('fail');
    await scenario.fund(seller.name, '0.05');
    await scenario.start(buyer, await scenario.sellOffer(seller));
    await until(async () => Boolean((await deliveriesOf(seller)).deliveries[0]?.lastAttemptAt));

    // A new process: its own queue over the same table, nothing in memory from the first.
    receiver.setMode('ok');
    receiver.received.length = 0;
    await t.database.db.execute(
      sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE status = 'pending'`,
    );
    const restarted = createWebhookDelivery({
      db: t.database.db,
      safeFetch: createSafeFetch({ allowedHosts: ['127.0.0.1'] }),
      outbox: t.app.outbox,
      log: t.app.log,
      pollSeconds: 60,
      settingsUrl: 'http://127.0.0.1/user/webhooks',
    });
    expect(await restarted.deliverDue()).toBeGreaterThanOrEqual(1);
    expect(receiver.received.some((r) => r.url === '/durable')).toBe(true);
  });

  it('should send each due delivery once when two workers claim at the same time', async () => {
    const owner = await scenario.party('whw');
    await owner.c.post('/rest/v1/webhooks', { url: `${base}/workers` });
    receiver.received.length = 0;
    const worker = () =>
      createWebhookDelivery({
        db: t.database.db,
        safeFetch: createSafeFetch({ allowedHosts: ['127.0.0.1'] }),
        outbox: t.app.outbox,
        log: t.app.log,
        pollSeconds: 60,
        settingsUrl: 'http://127.0.0.1/user/webhooks',
      });
    // Queued straight into the table, so the app's own worker (kicked by the bus) is not involved.
    await t.database.db
      .execute(sql`INSERT INTO webhook_deliveries (webhook_id, event_key, message_id, event, body, status)
      SELECT w.id, 'k' || n, 'msg_w' || n, 'feedback.received', '{}', 'pending'
      FROM webhooks w, generate_series(1, 30) n WHERE w.user_id = ${owner.id}`);
    const [a, b] = await Promise.all([worker().deliverDue(), worker().deliverDue()]);
    expect(a + b).toBe(30);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(30);
    expect(ids).toHaveLength(30);
  });

  it('should queue one bus event once, however many instances hear it', async () => {
    const seller = await scenario.party('whd');
    await seller.c.post('/rest/v1/webhooks', { url: `${base}/once` });
    const event = {
      type: 'feedback.received',
      userIds: [seller.id],
      tradeHash: 'T-dup',
      data: { tradeHash: 'T-dup', rating: 1, from: 'x' },
    };
    const happening = {
      event: 'feedback.received' as const,
      userIds: [seller.id],
      key: 'feedback.received:T-dup',
      payload: event.data,
    };
    const counts = await Promise.all(
      Array.from({ length: 5 }, () => t.app.webhookDeliveries.enqueue(happening)),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('should rotate the secret, sign with the new one, and remove the webhook back to initial', async () => {
    const owner = await scenario.party('whx');
    const first = (await owner.c.post('/rest/v1/webhooks', { url: `${base}/rotate` })).json().data.secret;
    const rotated = await owner.c.post('/rest/v1/webhooks/secret');
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json().data.secret as string;
    expect(secret).not.toBe(first);
    receiver.received.length = 0;
    await owner.c.post('/rest/v1/webhooks/verify', { url: `${base}/rotate` });
    const [challenge] = receiver.received;
    const headers = challenge!.headers as Record<string, string>;
    expect(() => new Webhook(secret).verify(challenge!.body, headers)).not.toThrow();
    expect(() => new Webhook(first).verify(challenge!.body, headers)).toThrow();

    expect((await owner.c.delete('/rest/v1/webhooks')).json().data).toEqual({ deleted: true });
    expect((await webhookOf(owner)).status).toBe('initial');
  });

  it('should keep one webhook when the same save arrives 20 times at once, and refuse no-CSRF calls', async () => {
    const owner = await scenario.party('whc');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        owner.c.post('/rest/v1/webhooks', { url: `${base}/race/${i % 2}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).every((s) => s === 200 || s === 429)).toBe(true);
    expect(answers.filter((a) => a.json().data?.secret).length).toBe(1);
    const rows = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM webhooks WHERE user_id = ${owner.id}`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);

    const noCsrf = await owner.c.post('/rest/v1/webhooks/secret', {}, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });
});
