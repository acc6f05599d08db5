import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nextFeedbackPage,
  offerFeedbackPageSchema,
  tradeFeedbackStateSchema,
  userFeedbackPageSchema,
  type OfferFeedbackPage,
  type TradeFeedbackState,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';
import type { BusEvent } from '../../platform/events/bus.js';
import { contactsRepository } from '../contacts/index.js';
import { usersRepository } from '../users/repository.js';
import { feedbackCountsOf } from './repository.js';

type Party = { c: TestClient; id: number; name: string };
type Response = Awaited<ReturnType<TestClient['post']>>;

/**
 * Feedback through the whole HTTP stack, on trades driven through the trades API: only after a
 * completed trade, once per party, a negative needs words, one reply by the recipient, strangers see
 * nothing, and the counts reach the offer cards and the offer's list.
 */
describe('feedback', () => {
  let t: TestApp;
  let n = 0;
  const events: BusEvent[] = [];

  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
  const party = async (prefix: string): Promise<Party> => {
    n += 1;
    const c = t.client();
    const name = `${prefix}${n}`;
    const { id } = await c.register(name);
    return { c, id, name };
  };
  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const refused = (response: Response, status: number, code: string) => {
    expect(response.statusCode, response.body).toBe(status);
    const error = response.json().errors[0] as { code: string; details?: { field: string; code: string }[] };
    expect(error.code).toBe(code);
    return error;
  };
  const startTrade = async (buyer: Party, offerHash: string) =>
    ok(await buyer.c.post('/rest/v1/trade/start', { offer_hash: offerHash, fiat_amount: '20' }), 201)
      .id as string;
  const complete = async (buyer: Party, seller: Party, hash: string) => {
    ok(await buyer.c.post(`/rest/v1/trade/${hash}/paid`));
    ok(await seller.c.post(`/rest/v1/trade/${hash}/release`));
  };
  const completedTrade = async (buyer: Party, seller: Party, offerHash: string) => {
    const hash = await startTrade(buyer, offerHash);
    await complete(buyer, seller, hash);
    return hash;
  };
  const give = (p: Party, hash: string, body: Record<string, unknown>) =>
    p.c.post(`/rest/v1/feedback/${hash}/give`, body);
  const state = (response: Response): TradeFeedbackState => tradeFeedbackStateSchema.parse(ok(response));
  const offerPage = async (client: TestClient, offerHash: string, query = ''): Promise<OfferFeedbackPage> =>
    offerFeedbackPageSchema.parse(ok(await client.get(`/rest/v1/offers/${offerHash}/feedback${query}`)));

  let seller: Party;
  let offer: string;

  beforeAll(async () => {
    t = await createTestApp({ TRADE_FEE_PERCENT: '1' });
    t.app.events.subscribe((event) => events.push(event));
    seller = await party('fb_seller');
    expect(
      (await admin('wallet:deposit', '--user', seller.name, '--crypto', 'BTC', '--amount', '5')).exitCode,
    ).toBe(0);
    const response = await seller.c.post('/rest/v1/my-offers', {
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '0',
      range_min: '10',
      range_max: '500',
      payment_window: 60,
      offer_terms: 'Pay from your own account.',
    });
    offer = ok(response, 201).idHashed;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('give', () => {
    it('should refuse feedback before the trade is completed, and after it was cancelled', async () => {
      const buyer = await party('fb_early');
      const hash = await startTrade(buyer, offer);
      refused(await give(buyer, hash, { rating: 'positive' }), 409, 'FEEDBACK_NOT_AVAILABLE');
      expect(state(await buyer.c.get(`/rest/v1/feedback/${hash}`))).toMatchObject({
        role: 'buyer',
        partner: { username: seller.name },
        given: null,
        received: null,
        canGive: false,
        canReply: false,
      });
      ok(await buyer.c.post(`/rest/v1/trade/${hash}/paid`));
      refused(await give(seller, hash, { rating: 'positive' }), 409, 'FEEDBACK_NOT_AVAILABLE');
      ok(await buyer.c.post(`/rest/v1/trade/${hash}/cancel`));
      refused(await give(buyer, hash, { rating: 'positive' }), 409, 'FEEDBACK_NOT_AVAILABLE');
    });

    it('should let each party rate the other once after completion', async () => {
      const buyer = await party('fb_buyer');
      const hash = await completedTrade(buyer, seller, offer);
      expect(state(await buyer.c.get(`/rest/v1/feedback/${hash}`)).canGive).toBe(true);

      const afterGive = state(
        await give(buyer, hash, { rating: 'positive', message: '  Fast and friendly  ' }),
      );
      expect(afterGive).toMatchObject({
        role: 'buyer',
        given: {
          rating: 'positive',
          message: 'Fast and friendly',
          reply: null,
          author: { username: buyer.name },
        },
        received: null,
        canGive: false,
        canReply: false,
      });
      refused(
        await give(buyer, hash, { rating: 'negative', message: 'changed my mind' }),
        409,
        'FEEDBACK_ALREADY_GIVEN',
      );

      // The seller sees it as received, may still rate the buyer, and may reply.
      const sellerView = state(await seller.c.get(`/rest/v1/feedback/${hash}`));
      expect(sellerView).toMatchObject({
        role: 'seller',
        partner: { username: buyer.name },
        given: null,
        received: { rating: 'positive', message: 'Fast and friendly' },
        canGive: true,
        canReply: true,
      });
      // The exchanges' 1 / -1 ratings are understood; the answer speaks in words.
      const sellerGave = state(await give(seller, hash, { rating: 1 }));
      expect(sellerGave.given).toMatchObject({ rating: 'positive', message: '' });

      const received = events.filter((e) => e.type === 'feedback.received' && e.tradeHash === hash);
      expect(received.map((e) => e.userIds)).toEqual([[seller.id], [buyer.id]]);
      expect(received[0]!.data).toMatchObject({ rating: 'positive', from: buyer.name });
    });

    it('should require a message for a negative rating', async () => {
      const buyer = await party('fb_neg');
      const hash = await completedTrade(buyer, seller, offer);
      for (const body of [
        { rating: 'negative' },
        { rating: -1, message: '   ' },
        { rating: '-1', message: '' },
      ]) {
        const error = refused(await give(buyer, hash, body), 422, 'ERROR_INPUT_VALIDATION');
        expect(error.details).toContainEqual(
          expect.objectContaining({ field: 'message', code: 'message_required' }),
        );
      }
      const gave = state(await give(buyer, hash, { rating: -1, message: 'Released only after two hours' }));
      expect(gave.given).toMatchObject({ rating: 'negative', message: 'Released only after two hours' });
    });

    it.each([
      ['no rating', {}, 'rating'],
      ['an unknown rating', { rating: 'great' }, 'rating'],
      ['a zero rating', { rating: 0 }, 'rating'],
      ['a message over 500 characters', { rating: 'positive', message: 'x'.repeat(501) }, 'message'],
    ])('should refuse %s with a field error', async (_label, body, field) => {
      const buyer = await party('fb_bad');
      const hash = await completedTrade(buyer, seller, offer);
      const error = refused(await give(buyer, hash, body), 422, 'ERROR_INPUT_VALIDATION');
      expect(error.details?.map((d) => d.field)).toContain(field);
    });

    it('should store one feedback when the same party sends two at once', async () => {
      const buyer = await party('fb_race');
      const hash = await completedTrade(buyer, seller, offer);
      const answers = await Promise.all([
        give(buyer, hash, { rating: 'positive', message: 'one' }),
        give(buyer, hash, { rating: 'positive', message: 'two' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      // Counted in the table: the API would hide a duplicate behind `find`.
      const rows = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM trade_feedback f
        JOIN trades tr ON tr.id = f.trade_id WHERE tr.hash = ${hash}`);
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    });
  });

  describe('reply', () => {
    it('should let the recipient reply once, and nobody else', async () => {
      const buyer = await party('fb_reply');
      const hash = await completedTrade(buyer, seller, offer);
      refused(
        await seller.c.post(`/rest/v1/feedback/${hash}/reply`, { message: 'Thanks' }),
        409,
        'FEEDBACK_NOT_RECEIVED',
      );
      state(await give(buyer, hash, { rating: 'negative', message: 'Slow to release' }));
      // The author has received nothing, so has nothing to reply to.
      refused(
        await buyer.c.post(`/rest/v1/feedback/${hash}/reply`, { message: 'PS' }),
        409,
        'FEEDBACK_NOT_RECEIVED',
      );
      const empty = refused(
        await seller.c.post(`/rest/v1/feedback/${hash}/reply`, { message: '  ' }),
        422,
        'ERROR_INPUT_VALIDATION',
      );
      expect(empty.details?.[0]?.field).toBe('message');

      const replied = state(
        await seller.c.post(`/rest/v1/feedback/${hash}/reply`, { message: 'Your bank held the transfer.' }),
      );
      expect(replied.received).toMatchObject({ reply: 'Your bank held the transfer.' });
      expect(replied.received?.repliedAt).not.toBeNull();
      expect(replied.canReply).toBe(false);
      refused(
        await seller.c.post(`/rest/v1/feedback/${hash}/reply`, { message: 'Again' }),
        409,
        'FEEDBACK_ALREADY_REPLIED',
      );

      expect(state(await buyer.c.get(`/rest/v1/feedback/${hash}`)).given).toMatchObject({
        rating: 'negative',
        reply: 'Your bank held the transfer.',
      });
      const event = events.find((e) => e.type === 'feedback.reply_received' && e.tradeHash === hash);
      expect(event?.userIds).toEqual([buyer.id]);
    });
  });

  describe('who may see', () => {
    it('should answer 404 to strangers, moderators, anonymous visitors and unknown trades', async () => {
      const buyer = await party('fb_vis');
      const hash = await completedTrade(buyer, seller, offer);
      const stranger = await party('fb_stranger');
      const moderator = await party('fb_mod');
      await usersRepository.setRole(t.database.db, moderator.id, 'moderator');
      for (const who of [stranger, moderator]) {
        refused(await who.c.get(`/rest/v1/feedback/${hash}`), 404, 'NOT_FOUND');
        refused(await give(who, hash, { rating: 'positive' }), 404, 'NOT_FOUND');
        refused(await who.c.post(`/rest/v1/feedback/${hash}/reply`, { message: 'hi' }), 404, 'NOT_FOUND');
      }
      refused(await buyer.c.get('/rest/v1/feedback/NoSuchTrade123'), 404, 'NOT_FOUND');
      expect((await t.client().get(`/rest/v1/feedback/${hash}`)).statusCode).toBe(401);
      // Writes need the CSRF token like every other write.
      expect(
        (await buyer.c.post(`/rest/v1/feedback/${hash}/give`, { rating: 'positive' }, { csrf: false }))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('counts and the offer list', () => {
    let owner: Party;
    let ownerOffer: string;
    let buyers: Party[];

    beforeAll(async () => {
      owner = await party('fb_owner');
      expect(
        (await admin('wallet:deposit', '--user', owner.name, '--crypto', 'BTC', '--amount', '5')).exitCode,
      ).toBe(0);
      ownerOffer = ok(
        await owner.c.post('/rest/v1/my-offers', {
          type: 'sell',
          crypto_currency_code: 'BTC',
          fiat_currency_code: 'EUR',
          payment_method: 'bank-transfer',
          margin: '0',
          range_min: '10',
          range_max: '500',
          payment_window: 60,
        }),
        201,
      ).idHashed;
      // 12 completed trades on the owner's offer by 3 buyers: 9 positive, 3 negative for the owner, and
      // the owner rates two buyers back (that feedback is the buyers', not the offer's).
      buyers = [await party('fb_b'), await party('fb_b'), await party('fb_b')];
      for (let i = 0; i < 12; i++) {
        const buyer = buyers[i % 3]!;
        const hash = await completedTrade(buyer, owner, ownerOffer);
        const negative = i % 4 === 3;
        state(
          await give(
            buyer,
            hash,
            negative
              ? { rating: 'negative', message: `bad ${i}` }
              : { rating: 'positive', message: `good ${i}` },
          ),
        );
        if (i < 2) state(await give(owner, hash, { rating: 'positive' }));
      }
    });

    it('should count what each user received', async () => {
      const counts = await feedbackCountsOf(t.database.db, [owner.id, seller.id, 999_999]);
      expect(counts.get(owner.id)).toEqual({ positive: 9, negative: 3 });
      expect(counts.get(999_999)).toEqual({ positive: 0, negative: 0 });
    });

    it('should show the owner’s counts on the marketplace cards, the favourites, the user’s offers and profile', async () => {
      const visitor = await party('fb_visitor');
      const search = ok(await visitor.c.get('/rest/v1/offers?type=buy&currency=EUR'));
      const card = search.offers.find((o: { hash: string }) => o.hash === ownerOffer);
      expect(card?.owner).toMatchObject({ username: owner.name, feedbackPositive: 9, feedbackNegative: 3 });

      ok(await visitor.c.post(`/rest/v1/favorites/offers/${ownerOffer}`));
      const favourites = ok(await visitor.c.get('/rest/v1/favorites/offers'));
      expect(favourites.offers[0].owner).toMatchObject({ feedbackPositive: 9, feedbackNegative: 3 });

      const profile = ok(await visitor.c.get(`/rest/v1/users/${owner.name}/active-offers`));
      expect(profile.offers[0].owner).toMatchObject({ feedbackPositive: 9, feedbackNegative: 3 });

      // The public profile carries the same counts.
      const user = ok(await visitor.c.get(`/rest/v1/users/${owner.name}`));
      expect(user.feedback).toEqual({ positive: 9, negative: 3 });
    });

    it('should page the offer’s feedback by 10, newest first, with the totals and the next page URL', async () => {
      const anonymous = t.client();
      const first = await offerPage(anonymous, ownerOffer);
      expect(first).toMatchObject({ positiveCount: 9, negativeCount: 3, totalCount: 12 });
      expect(first.items).toHaveLength(10);
      expect(first.items[0]).toMatchObject({ rating: 'negative', message: 'bad 11', reply: null });
      expect(first.items.every((item) => item.author.username.startsWith('fb_b'))).toBe(true);
      expect(first.paginationNextPage).toBe(`/rest/v1/offers/${ownerOffer}/feedback?page=2`);
      // The spec's client reads the page from the URL's end.
      expect(nextFeedbackPage(first.paginationNextPage)).toBe(2);

      const second = await offerPage(anonymous, ownerOffer, '?page=2');
      expect(second.items.map((i) => i.message)).toEqual(['good 1', 'good 0']);
      expect(second.paginationNextPage).toBeNull();
      expect((await offerPage(anonymous, ownerOffer, '?page=3')).items).toEqual([]);
    });

    it('should filter by rating and keep the totals', async () => {
      const negatives = await offerPage(t.client(), ownerOffer, '?rating=negative');
      expect(negatives.items.map((i) => i.message)).toEqual(['bad 11', 'bad 7', 'bad 3']);
      expect(negatives).toMatchObject({ totalCount: 12, paginationNextPage: null });
      const positives = await offerPage(t.client(), ownerOffer, '?rating=positive');
      expect(positives.items).toHaveLength(9);
      expect(positives.paginationNextPage).toBeNull();
      refused(
        await t.client().get(`/rest/v1/offers/${ownerOffer}/feedback?rating=neutral`),
        422,
        'ERROR_INPUT_VALIDATION',
      );
      refused(
        await t.client().get(`/rest/v1/offers/${ownerOffer}/feedback?page=0`),
        422,
        'ERROR_INPUT_VALIDATION',
      );
    });

    it('should page what a user received on all their trades, with the other trader and the totals', async () => {
      const userPage = async (username: string, query = '') =>
        userFeedbackPageSchema.parse(ok(await t.client().get(`/rest/v1/users/${username}/feedback${query}`)));
      const first = await userPage(owner.name.toUpperCase());
      expect(first).toMatchObject({ positiveCount: 9, negativeCount: 3, totalCount: 12 });
      expect(first.items).toHaveLength(10);
      expect(first.items[0]).toMatchObject({ rating: 'negative', message: 'bad 11', reply: null });
      expect(first.items[0]!.author).toEqual({ username: buyers[2]!.name, avatarUrl: null });
      expect(first.paginationNextPage).toBe(`/rest/v1/users/${owner.name}/feedback?page=2`);
      const second = await userPage(owner.name, `?page=${nextFeedbackPage(first.paginationNextPage)}`);
      expect(second.items.map((i) => i.message)).toEqual(['good 1', 'good 0']);
      expect(second.paginationNextPage).toBeNull();
      const negatives = await userPage(owner.name, '?rating=negative');
      expect(negatives.items.map((i) => i.message)).toEqual(['bad 11', 'bad 7', 'bad 3']);
      expect(negatives.totalCount).toBe(12);

      // A buyer's list holds what the owner said about them, not what they said about the owner.
      const buyer = await userPage(buyers[0]!.name);
      expect(buyer).toMatchObject({ positiveCount: 1, negativeCount: 0, paginationNextPage: null });
      expect(buyer.items.map((i) => [i.rating, i.author.username])).toEqual([['positive', owner.name]]);

      // The author's picture as their profile shows it: none once the account is closed.
      await t.database.db.execute(sql`UPDATE users SET avatar_key = 'avatars/abcdef0123456789'
        WHERE id = ${owner.id}`);
      expect((await userPage(buyers[0]!.name)).items[0]!.author.avatarUrl).toMatch(
        new RegExp(`^/rest/v1/users/${owner.name}/avatar\\?v=`),
      );
      await t.database.db.execute(sql`UPDATE users SET closed_at = now() WHERE id = ${owner.id}`);
      expect((await userPage(buyers[0]!.name)).items[0]!.author.avatarUrl).toBeNull();
      await t.database.db.execute(sql`UPDATE users SET closed_at = NULL, avatar_key = NULL
        WHERE id = ${owner.id}`);
    });

    it('should refuse a bad user list query, answer 404 for nobody, and show a banned account no activity', async () => {
      refused(await t.client().get('/rest/v1/users/nobody_at_all/feedback'), 404, 'NOT_FOUND');
      for (const query of ['?page=0', '?page=x', '?rating=neutral']) {
        const error = refused(
          await t.client().get(`/rest/v1/users/${owner.name}/feedback${query}`),
          422,
          'ERROR_INPUT_VALIDATION',
        );
        expect(error.details?.length).toBeGreaterThan(0);
      }
      const banned = buyers[1]!;
      await t.database.db.execute(sql`UPDATE users SET account_state = 'banned' WHERE id = ${banned.id}`);
      const page = userFeedbackPageSchema.parse(
        ok(await t.client().get(`/rest/v1/users/${banned.name}/feedback`)),
      );
      expect(page).toEqual({
        items: [],
        positiveCount: 0,
        negativeCount: 0,
        totalCount: 0,
        paginationNextPage: null,
      });
      await t.database.db.execute(sql`UPDATE users SET account_state = 'active' WHERE id = ${banned.id}`);
    });

    it('should hide the list where the offer page is hidden', async () => {
      refused(await t.client().get('/rest/v1/offers/NoSuchOffer1/feedback'), 404, 'NOT_FOUND');
      const blocked = await party('fb_blocked');
      await contactsRepository.set(t.database.db, owner.id, blocked.id, 'blocked');
      refused(await blocked.c.get(`/rest/v1/offers/${ownerOffer}/feedback`), 404, 'NOT_FOUND');
      // The owner always sees their own.
      expect((await offerPage(owner.c, ownerOffer)).totalCount).toBe(12);
    });
  });
});
