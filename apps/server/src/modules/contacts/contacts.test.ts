import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsPageSchema, dataEnvelope, relationResultSchema } from '@app/contract';
import { createTestApp, sellOfferBody, type TestApp } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';

/** What a search shows `who` of `owner`'s offers (the shared marketplace answers logged-in searches). */
const offersOf = async (who: Party, owner: Party) => {
  const response = await who.c.get('/rest/v1/offers?type=buy&crypto_currency_code=BTC&limit=50');
  expect(response.statusCode, response.body).toBe(200);
  const offers = response.json().data.offers as { owner: { username: string } }[];
  return offers.filter((o) => o.owner.username === owner.name).length;
};

describe('contacts', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let me: Party;
  let seller: Party;
  let other: Party;

  const relate = (who: Party, username: string, action: string, options?: { csrf?: boolean }) =>
    who.c.put(`/rest/v1/users/${encodeURIComponent(username)}/relations`, { action }, options);
  const list = async (who: Party, name: string, page = 1) => {
    const response = await who.c.get(`/rest/v1/users/me/contacts/${name}?page=${page}`);
    expect(response.statusCode, response.body).toBe(200);
    return dataEnvelope(contactsPageSchema).parse(response.json()).data;
  };

  beforeAll(async () => {
    // A long shared window: only the announced change can make the next search differ.
    t = await createTestApp({ OFFER_SEARCH_CACHE_MS: '60000' });
    s = tradeScenario(t);
    me = await s.party('cme');
    seller = await s.party('cseller');
    other = await s.party('cother');
    await s.fund(seller.name, '1');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('should trust, block, untrust and unblock, one relation at a time, and list them', async () => {
    const trusted = await relate(me, seller.name, 'trusted');
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(dataEnvelope(relationResultSchema).parse(trusted.json()).data).toEqual({
      username: seller.name,
      isTrusted: true,
      isBlocked: false,
    });
    expect((await list(me, 'trusted-list')).users).toEqual([
      { username: seller.name, isTrusted: true, isBlocked: false },
    ]);
    // Blocking a trusted user replaces the trust; "untrusted" then leaves the block alone.
    expect((await relate(me, seller.name, 'blocked')).json().data).toMatchObject({
      isBlocked: true,
      isTrusted: false,
    });
    expect((await relate(me, seller.name, 'untrusted')).json().data).toMatchObject({ isBlocked: true });
    expect((await list(me, 'trusted-list')).users).toEqual([]);
    expect((await list(me, 'blocked-list')).users.map((u) => u.username)).toEqual([seller.name]);
    expect((await relate(me, seller.name, 'unblocked')).json().data).toMatchObject({
      isBlocked: false,
      isTrusted: false,
    });
    expect((await list(me, 'blocked-list')).pagination).toEqual({
      total: 0,
      currentPage: 1,
      perPage: 10,
      lastPage: 1,
    });
  });

  it('should refuse strangers, myself, bad actions and pages, writes without CSRF, and visitors', async () => {
    expect((await relate(me, 'nobody_here_at_all', 'trusted')).statusCode).toBe(404);
    const self = await relate(me, me.name, 'blocked');
    expect(self.statusCode).toBe(422);
    expect(self.json().errors[0].details[0]).toMatchObject({ field: 'username', code: 'self_relation' });
    const bad = await relate(me, seller.name, 'friends');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].details[0].field).toBe('action');
    expect((await relate(me, 'x'.repeat(500), 'trusted')).statusCode).toBe(422);
    expect((await relate(me, 'bad\u0000name', 'trusted')).statusCode).toBe(422);
    expect((await relate(me, seller.name, 'trusted', { csrf: false })).statusCode).toBe(403);
    expect((await me.c.get('/rest/v1/users/me/contacts/trusted-list?page=0')).statusCode).toBe(422);
    expect((await me.c.get('/rest/v1/users/me/contacts/trusted-list?page=abc')).statusCode).toBe(422);
    const visitor = t.client();
    expect((await visitor.get('/rest/v1/users/me/contacts/blocked-list')).statusCode).toBe(401);
    expect(
      (await visitor.put(`/rest/v1/users/${seller.name}/relations`, { action: 'blocked' })).statusCode,
    ).toBe(401);
    // The username is matched without regard to case, and the answer gives it as registered.
    const upper = await relate(me, seller.name.toUpperCase(), 'unblocked');
    expect(upper.statusCode, upper.body).toBe(200);
    expect(upper.json().data.username).toBe(seller.name);
    const snake = await me.c.get('/rest/v1/users/me/contacts/blocked-list?case=snake');
    expect(snake.json().data.pagination).toHaveProperty('current_page', 1);
  });

  it('should page the lists ten at a time, the latest first', async () => {
    const names: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const party = await s.party('cpage');
      names.push(party.name);
      expect((await relate(other, party.name, 'trusted')).statusCode).toBe(200);
    }
    const first = await list(other, 'trusted-list');
    expect(first.pagination).toEqual({ total: 12, currentPage: 1, perPage: 10, lastPage: 2 });
    expect(first.users).toHaveLength(10);
    const second = await list(other, 'trusted-list', 2);
    expect(second.users).toHaveLength(2);
    expect([...first.users, ...second.users].map((u) => u.username)).toEqual([...names].reverse());
    expect((await list(other, 'trusted-list', 9)).users).toEqual([]);
  });

  it('should list the people I traded with, most recent first, each once, with my relation', async () => {
    const offer = await s.sellOffer(seller);
    await s.start(me, offer);
    const second = await s.party('cseller');
    await s.fund(second.name, '1');
    await s.start(me, await s.sellOffer(second));
    await relate(me, second.name, 'trusted');
    const recent = await list(me, 'recent-trades');
    expect(recent.users).toEqual([
      { username: second.name, isTrusted: true, isBlocked: false },
      { username: seller.name, isTrusted: false, isBlocked: false },
    ]);
    expect(recent.pagination.total).toBe(2);
    // The seller sees me once, whatever the number of trades.
    expect((await list(seller, 'recent-trades')).users.map((u) => u.username)).toEqual([me.name]);
  });

  it('should hide blocked offers both ways and open trusted-only offers at the next search', async () => {
    await seller.c.post('/rest/v1/my-offers', sellOfferBody({ offer_terms: 'contacts test' }));
    const before = await offersOf(me, seller);
    expect(before).toBeGreaterThan(0);
    expect((await relate(me, seller.name, 'blocked')).statusCode).toBe(200);
    expect(await offersOf(me, seller)).toBe(0);
    expect((await relate(me, seller.name, 'unblocked')).statusCode).toBe(200);
    expect(await offersOf(me, seller)).toBe(before);
    // The seller blocks me: the same, seen from my side.
    expect((await relate(seller, me.name, 'blocked')).statusCode).toBe(200);
    expect(await offersOf(me, seller)).toBe(0);
    expect((await relate(seller, me.name, 'unblocked')).statusCode).toBe(200);

    const hidden = await seller.c.post('/rest/v1/my-offers', sellOfferBody({ is_trusted_only: true }));
    expect(hidden.statusCode, hidden.body).toBe(201);
    expect(await offersOf(other, seller)).toBe(before);
    expect((await relate(seller, other.name, 'trusted')).statusCode).toBe(200);
    expect(await offersOf(other, seller)).toBe(before + 1);
  });

  it('should end 20 simultaneous changes of one relation in one of them, never a server error', async () => {
    const actions = Array.from(
      { length: 20 },
      (_, i) => ['trusted', 'blocked', 'untrusted', 'unblocked'][i % 4]!,
    );
    const answers = await Promise.all(actions.map((action) => relate(other, me.name, action)));
    answers.forEach((answer, i) => {
      expect(answer.statusCode, answer.body).toBe(200);
      // Each answer tells the state its own change left: never the one it asked to leave.
      const { isTrusted, isBlocked } = answer.json().data as { isTrusted: boolean; isBlocked: boolean };
      const expected = {
        trusted: isTrusted,
        blocked: isBlocked,
        untrusted: !isTrusted,
        unblocked: !isBlocked,
      };
      expect(expected[actions[i] as keyof typeof expected], actions[i]).toBe(true);
    });
    const trusted = (await list(other, 'trusted-list')).users.some((u) => u.username === me.name);
    const blocked = (await list(other, 'blocked-list')).users.some((u) => u.username === me.name);
    expect(trusted && blocked).toBe(false);
  });
});
