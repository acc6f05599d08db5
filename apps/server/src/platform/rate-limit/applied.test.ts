import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sellOfferBody, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';

type Response = Awaited<ReturnType<TestClient['post']>>;

/**
 * The request limits where the routes apply them (decision 0015): registration per client address,
 * chat messages per user (all trades, and one trade), attachment uploads per user, marketplace
 * searches per user or per anonymous address. Each answers 429 RATE_LIMITED with Retry-After past its
 * limit, leaves other users and addresses alone, and opens again when its window ends (the limits'
 * clock is moved, nothing waits).
 */
describe('request limits on the routes', () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-24T12:00:00Z');
  let n = 0;
  const advance = (ms: number) => {
    clock += ms;
  };

  const limited = (response: Response) => {
    expect(response.statusCode, response.body).toBe(429);
    const error = response.json().errors[0] as { code: string; message: string };
    expect(error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    return { retryAfter, message: error.message };
  };
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const newName = (prefix: string) => `${prefix}${(n += 1)}`;
  const registration = (client: TestClient, ip: string, name = newName('rl')) =>
    client.post(
      '/rest/v1/auth/register',
      { username: name, email: `${name}@example.com`, password: 'Str0ng-pass!' },
      from(ip),
    );
  /** A signed-up user, each from an address of its own so the parties never meet the sign-up limit. */
  const party = async (prefix: string) => {
    const client = t.client();
    const name = newName(prefix);
    const response = await registration(client, `10.0.${Math.floor(n / 250)}.${n % 250}`, name);
    expect(response.statusCode, response.body).toBe(201);
    await client.fetchCsrfToken();
    return { client, id: response.json().data.id as number, name };
  };

  beforeAll(async () => {
    t = await createTestApp(
      {
        // Client addresses come from X-Forwarded-For, so one test app can play several networks.
        TRUST_PROXY: 'true',
        RATE_LIMIT_REGISTER_PER_HOUR: '3',
        RATE_LIMIT_CHAT_PER_MINUTE: '5',
        RATE_LIMIT_CHAT_PER_TRADE_PER_MINUTE: '3',
        RATE_LIMIT_UPLOADS_PER_HOUR: '2',
        RATE_LIMIT_SEARCH_PER_MINUTE: '4',
        // Anonymous visitors share built answers: a shared answer still counts as a search.
        OFFER_SEARCH_CACHE_MS: '60000',
      },
      { now: () => new Date(clock) },
    );
  });
  afterAll(() => t.close());

  describe('registration, per client address', () => {
    it('should refuse the attempt past the limit with Retry-After, counting refused attempts too', async () => {
      const client = t.client();
      expect((await registration(client, '198.51.100.1')).statusCode).toBe(201);
      // A taken name still counts: probing which names exist is as slow as signing up.
      const taken = await registration(t.client(), '198.51.100.1', `rl${n}`);
      expect(taken.statusCode).toBe(422);
      expect((await registration(t.client(), '198.51.100.1')).statusCode).toBe(201);
      const refused = limited(await registration(t.client(), '198.51.100.1'));
      expect(refused.retryAfter).toBe(3600);
      expect(refused.message).toMatch(/Too many sign-ups .* try again in 60 minutes/);
    });

    it('should leave other addresses alone and count an IPv6 /64 as one client', async () => {
      expect((await registration(t.client(), '198.51.100.2')).statusCode).toBe(201);
      for (const ip of ['2001:db8:1:1::a', '2001:db8:1:1::b', '2001:db8:1:1:ffff::1']) {
        expect((await registration(t.client(), ip)).statusCode).toBe(201);
      }
      limited(await registration(t.client(), '2001:0db8:0001:0001::c'));
      expect((await registration(t.client(), '2001:db8:1:2::a')).statusCode).toBe(201);
    });

    it('should open again when the hour has passed', async () => {
      limited(await registration(t.client(), '198.51.100.1'));
      advance(30 * 60_000);
      expect(limited(await registration(t.client(), '198.51.100.1')).retryAfter).toBe(1800);
      advance(30 * 60_000);
      expect((await registration(t.client(), '198.51.100.1')).statusCode).toBe(201);
    });

    it('should not say that an e-mail address has an account', async () => {
      const owner = newName('owner');
      await t.client().register(owner);
      const again = await t
        .client()
        .post(
          '/rest/v1/auth/register',
          { username: newName('other'), email: `${owner}@example.com`, password: 'Str0ng-pass!' },
          from('198.51.100.9'),
        );
      expect(again.statusCode).toBe(422);
      const detail = again.json().errors[0].details[0] as { field: string; message: string; code: string };
      expect(detail.field).toBe('email');
      expect(detail.message).not.toMatch(/account|exists|registered/i);
    });
  });

  describe('chat messages and uploads, per user', () => {
    let seller: Awaited<ReturnType<typeof party>>;
    let offer: string;

    const startTrade = async () => {
      const buyer = await party('rl_buyer');
      const trade = await buyer.client.post('/rest/v1/trade/start', { offer_hash: offer, fiat_amount: '20' });
      expect(trade.statusCode, trade.body).toBe(201);
      return { buyer, hash: trade.json().data.id as string };
    };
    const say = (client: TestClient, hash: string, text = 'hello') =>
      client.post(`/rest/v1/trade/${hash}/messages`, { text });

    beforeAll(async () => {
      seller = await party('rl_seller');
      const deposit = await runAdminCommand({ db: t.database.db, config: t.config }, [
        'wallet:deposit',
        '--user',
        seller.name,
        '--crypto',
        'BTC',
        '--amount',
        '5',
      ]);
      expect(deposit.exitCode).toBe(0);
      const created = await seller.client.post('/rest/v1/my-offers', sellOfferBody());
      expect(created.statusCode, created.body).toBe(201);
      offer = created.json().data.idHashed;
    });

    it('should limit one trade, then all of a user’s trades, leaving the other party free', async () => {
      const first = await startTrade();
      const second = await startTrade();
      for (let i = 0; i < 3; i++) expect((await say(seller.client, first.hash)).statusCode).toBe(201);
      const inTrade = limited(await say(seller.client, first.hash));
      expect(inTrade.retryAfter).toBe(60);
      expect(inTrade.message).toMatch(/in this trade too fast/);
      // The counterparty in the same trade writes as usual.
      expect((await say(first.buyer.client, first.hash)).statusCode).toBe(201);
      // The seller's other trade has room until the per-user limit (5 a minute, the refused one counted).
      expect((await say(seller.client, second.hash)).statusCode).toBe(201);
      expect(limited(await say(seller.client, second.hash)).message).toMatch(/sending messages too fast/);

      advance(60_000);
      expect((await say(seller.client, first.hash)).statusCode).toBe(201);
    });

    it('should limit uploads per user, counted for the trade’s parties only', async () => {
      const { buyer, hash } = await startTrade();
      const stranger = await party('rl_stranger');
      const image = await sharp({
        create: { width: 20, height: 20, channels: 3, background: '#08c' },
      })
        .png()
        .toBuffer();
      const boundary = `----rl-${randomBytes(6).toString('hex')}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = (client: TestClient) =>
        client.request(
          'POST',
          `/rest/v1/trade/${hash}/attachments`,
          body as unknown as Record<string, never>,
          {
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          },
        );

      for (let i = 0; i < 3; i++) expect((await upload(stranger.client)).statusCode).toBe(404);
      expect((await upload(buyer.client)).statusCode).toBe(201);
      expect((await upload(buyer.client)).statusCode).toBe(201);
      const refused = limited(await upload(buyer.client));
      expect(refused.retryAfter).toBe(3600);
      expect(refused.message).toMatch(/uploaded too many files/);
      expect((await upload(seller.client)).statusCode).toBe(201);

      advance(3_600_000);
      expect((await upload(buyer.client)).statusCode).toBe(201);
    });
  });

  describe('marketplace searches', () => {
    const search = '/rest/v1/offers?type=buy&currency=USD';

    it('should count anonymous visitors per address, shared answers included', async () => {
      const visitor = t.client();
      for (let i = 0; i < 4; i++) {
        expect((await visitor.get(search, from('203.0.113.5'))).statusCode).toBe(200);
      }
      expect(limited(await visitor.get(search, from('203.0.113.5'))).retryAfter).toBe(60);
      // Another visitor behind another address is not affected.
      expect((await t.client().get(search, from('203.0.113.6'))).statusCode).toBe(200);
      advance(60_000);
      expect((await visitor.get(search, from('203.0.113.5'))).statusCode).toBe(200);
    });

    it('should count signed-in users per account, wherever they connect from', async () => {
      const user = await party('rl_searcher');
      for (let i = 0; i < 4; i++) {
        expect((await user.client.get(search, from(`203.0.113.${10 + i}`))).statusCode).toBe(200);
      }
      limited(await user.client.get(search, from('203.0.113.20')));
      // An anonymous visitor on the same address as the user's last search still searches.
      expect((await t.client().get(search, from('203.0.113.13'))).statusCode).toBe(200);
      const other = await party('rl_searcher');
      expect((await other.client.get(search, from('203.0.113.20'))).statusCode).toBe(200);
    });
  });
});
