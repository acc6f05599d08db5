import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';
import { contactsRepository } from '../contacts/index.js';
import { checkLedger } from '../ledger/index.js';

type Listing = {
  hash: string;
  margin: string | null;
  pricePerBtc: string;
  owner: { username: string; monthlyTradeStats: { trades: number; partners: number } };
};
type Page = { offers: Listing[]; searchId: string; nextPageId: string | null };

describe('offers', () => {
  let t: TestApp;
  let seller: TestClient;
  let other: TestClient;
  let buyer: TestClient;
  let poor: TestClient;
  const ids: Record<string, number> = {};

  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
  const body = (extra: Record<string, unknown> = {}) => ({
    type: 'sell',
    crypto_currency_code: 'BTC',
    fiat_currency_code: 'USD',
    payment_method: 'bank-transfer',
    margin: '2',
    range_min: '10',
    range_max: '500',
    payment_window: 60,
    offer_terms: 'Pay from your own account.',
    ...extra,
  });
  const create = async (client: TestClient, extra: Record<string, unknown> = {}) => {
    const response = await client.post('/rest/v1/my-offers', body(extra));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.idHashed as string;
  };
  const search = async (client: TestClient, query: string) => {
    const response = await client.get(`/rest/v1/offers?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Page;
  };
  const hashesOf = (page: Page) => page.offers.map((o) => o.hash);
  const setCountry = (username: string, iso: string) =>
    t.database.db.execute(sql`UPDATE users SET country_iso = ${iso} WHERE username = ${username}`);

  beforeAll(async () => {
    t = await createTestApp({ BOND_AMOUNTS: 'BTC:0.01' });
    seller = t.client();
    other = t.client();
    buyer = t.client();
    poor = t.client();
    ids.seller = (await seller.register('o_seller')).id;
    ids.other = (await other.register('o_other')).id;
    ids.buyer = (await buyer.register('o_buyer')).id;
    ids.poor = (await poor.register('o_poor')).id;
    for (const user of ['o_seller', 'o_other']) {
      expect(
        (await admin('wallet:deposit', '--user', user, '--crypto', 'BTC', '--amount', '2')).exitCode,
      ).toBe(0);
    }
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report.ok).toBe(true);
    await t.close();
  });

  describe('editor', () => {
    it('should create an offer with an opaque hash and list it as mine', async () => {
      const hash = await create(seller, { tags: ['receipt-required'], predefined_amount: undefined });
      expect(hash).toMatch(/^[0-9A-Za-z]{12}$/);
      const list = (await seller.get('/rest/v1/my-offers/list?type=sell')).json().data;
      const mine = list.offers.find((o: { idHashed: string }) => o.idHashed === hash);
      expect(mine).toMatchObject({
        type: 'sell',
        cryptoCurrencyCode: 'BTC',
        isActive: true,
        margin: '2.0000',
        rangeMin: '10.00',
        rangeMax: '500.00',
        depositInfo: { isBondInsufficient: false },
      });
      expect(mine.tags.map((tag: { slug: string }) => tag.slug)).toEqual(['receipt-required']);
      expect(list.meta.counts.sell).toBeGreaterThan(0);
      expect(list.isNotSellActiveOffers).toBe(false);
      expect(list.isNotBuyActiveOffers).toBe(true);
    });

    it('should need a login', async () => {
      expect((await t.client().post('/rest/v1/my-offers', body())).statusCode).toBe(401);
      expect((await t.client().get('/rest/v1/my-offers/list')).statusCode).toBe(401);
      expect((await t.client().get('/rest/v1/my-offers/rules')).statusCode).toBe(401);
    });

    it('should tell the editor the bounds it applies, and apply them', async () => {
      const response = await seller.get('/rest/v1/my-offers/rules');
      expect(response.statusCode, response.body).toBe(200);
      const rules = response.json().data;
      expect(rules).toEqual({
        marginMin: t.config.offers.marginMin,
        marginMax: t.config.offers.marginMax,
        maxLimitUsd: t.config.offers.maxLimitUsd,
      });
      // The edges are accepted, one step beyond is not: the editor's checks rely on exactly these.
      await create(seller, { margin: String(rules.marginMin), is_active: false });
      const below = await seller.post('/rest/v1/my-offers', body({ margin: String(rules.marginMin - 0.01) }));
      expect(below.statusCode).toBe(422);
      expect(below.json().errors[0].details).toEqual([
        expect.objectContaining({ field: 'margin', code: 'margin_out_of_bounds' }),
      ]);
      await create(seller, { range_max: String(rules.maxLimitUsd), is_active: false });
      const above = await seller.post(
        '/rest/v1/my-offers',
        body({ range_max: String(rules.maxLimitUsd + 1) }),
      );
      expect(above.statusCode).toBe(422);
      expect(above.json().errors[0].details).toEqual([
        expect.objectContaining({ field: 'range_max', code: 'amount_too_large' }),
      ]);
    });

    it.each([
      [{ range_min: '600', range_max: '500' }, 'range_max', 'min_greater_than_max'],
      [{ range_min: '10.123' }, 'range_min', 'too_many_decimals'],
      [{ range_max: '1000000' }, 'range_max', 'amount_too_large'],
      [{ margin: '500' }, 'margin', 'margin_out_of_bounds'],
      [{ margin: undefined }, 'margin', 'price_required'],
      [{ margin: undefined, fixed_price: '1' }, 'fixed_price', 'fixed_price_out_of_bounds'],
      [{ payment_method: 'no-such-method' }, 'payment_method', 'unknown_payment_method'],
      [
        { payment_method: 'litecoin', crypto_currency_code: 'LTC' },
        'payment_method',
        'method_not_for_crypto',
      ],
      [{ tags: ['pin-required'] }, 'tags', 'tag_not_applicable'],
      [{ tags: ['no-such-tag'] }, 'tags', 'unknown_tag'],
      [{ timezone: 'Mars/Olympus' }, 'timezone', 'unknown_timezone'],
      [{ country_list_mode: 'allow', countries: [] }, 'countries', 'countries_required'],
      [{ predefined_amount: ['10', '20'] }, 'predefined_amount', 'amount_mode_conflict'],
      [{ new_buyer_limit: '5' }, 'new_buyer_limit', 'new_buyer_limit_too_low'],
    ])('should refuse %j with a field error', async (extra, field, code) => {
      const response = await seller.post('/rest/v1/my-offers', body(extra));
      expect(response.statusCode, response.body).toBe(422);
      const { errors } = response.json();
      expect(errors[0].code).toBe('ERROR_INPUT_VALIDATION');
      expect(errors[0].details).toContainEqual(expect.objectContaining({ field, code }));
    });

    it('should refuse a payment window out of 30..43200 and too long terms', async () => {
      expect((await seller.post('/rest/v1/my-offers', body({ payment_window: 10 }))).statusCode).toBe(422);
      expect(
        (await seller.post('/rest/v1/my-offers', body({ offer_terms: 'x'.repeat(2501) }))).statusCode,
      ).toBe(422);
    });

    it('should store predefined amounts sorted, as the range', async () => {
      const hash = await create(seller, {
        range_min: undefined,
        range_max: undefined,
        predefined_amount: ['50', '20', '100'],
      });
      const mine = (await seller.get('/rest/v1/my-offers/list'))
        .json()
        .data.offers.find((o: { idHashed: string }) => o.idHashed === hash);
      expect(mine).toMatchObject({
        amountMode: 'predefined',
        predefinedAmount: ['20.00', '50.00', '100.00'],
        rangeMin: '20.00',
        rangeMax: '100.00',
      });
    });

    it('should let nobody but the owner edit an offer (404)', async () => {
      const hash = await create(seller);
      expect((await other.put(`/rest/v1/my-offers/${hash}`, body({ margin: '3' }))).statusCode).toBe(404);
      expect((await other.put(`/rest/v1/my-offers/${hash}/margin`, { new_margin: '3' })).statusCode).toBe(
        404,
      );
      expect((await other.put(`/rest/v1/my-offers/${hash}/status`, { new_status: false })).statusCode).toBe(
        404,
      );
      expect(
        (await other.put(`/rest/v1/my-offers/${hash}/amount`, { range_min: '1', range_max: '2' })).statusCode,
      ).toBe(404);
      const edited = await seller.put(`/rest/v1/my-offers/${hash}`, body({ margin: '3', range_max: '400' }));
      expect(edited.statusCode, edited.body).toBe(200);
    });

    it('should load my offer in the editor body shape, which saves back unchanged', async () => {
      const hash = await create(seller, {
        tags: ['diwali'],
        requirements: [{ type: 'RemainingTrades', value: 3 }, { type: 'Vpn' }],
        opening_hours: [{ day: 1, start_time: '09:00', end_time: '17:00', active: true }],
        timezone: 'Europe/Madrid',
        country_list_mode: 'deny',
        countries: ['US'],
        offer_cap: { amount: '300', active: true },
      });
      expect((await other.get(`/rest/v1/my-offers/${hash}`)).statusCode).toBe(404);
      const loaded = await seller.get(`/rest/v1/my-offers/${hash}`);
      expect(loaded.statusCode, loaded.body).toBe(200);
      const state = loaded.json().data;
      expect(state.idHashed).toBe(hash);
      expect(state.body).toMatchObject({
        type: 'sell',
        payment_method: 'bank-transfer',
        range_min: '10.00',
        range_max: '500.00',
        tags: ['diwali'],
        requirements: [{ type: 'RemainingTrades', value: 3 }, { type: 'Vpn' }],
        opening_hours: [{ day: 1, start_time: '09:00', end_time: '17:00', active: true }],
        timezone: 'Europe/Madrid',
        country_list_mode: 'deny',
        countries: ['US'],
        offer_cap: { amount: '300.00', active: true },
      });
      const saved = await seller.put(`/rest/v1/my-offers/${hash}`, state.body);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await seller.get(`/rest/v1/my-offers/${hash}`)).json().data.body).toEqual(state.body);
    });

    it('should quick-edit margin, fixed price and amounts', async () => {
      const hash = await create(seller);
      const margin = await seller.put(`/rest/v1/my-offers/${hash}/margin`, { new_margin: '-1.5' });
      expect(margin.json().data).toMatchObject({ margin: '-1.5000', fixedPrice: null });
      expect((await seller.put(`/rest/v1/my-offers/${hash}/margin`, { new_margin: '-99' })).statusCode).toBe(
        422,
      );
      const page = (await seller.get(`/rest/v1/offers/${hash}`)).json().data;
      const fixed = await seller.put(`/rest/v1/my-offers/${hash}/fixed-price`, {
        new_fixed_price: page.offer.fiatPricePerCrypto,
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(fixed.json().data.margin).toBeNull();
      const amount = await seller.put(`/rest/v1/my-offers/${hash}/amount`, {
        range_min: '20',
        range_max: '10',
      });
      expect(amount.statusCode).toBe(422);
      const ok = await seller.put(`/rest/v1/my-offers/${hash}/amount`, { predefined_amount: ['25', '75'] });
      expect(ok.json().data).toMatchObject({
        amountMode: 'predefined',
        rangeMin: '25.00',
        rangeMax: '75.00',
      });
    });

    it('should refuse activation without the bond, and allow it once deposited', async () => {
      const hash = await create(seller, { payment_method: 'paypal' });
      const list = (await seller.get('/rest/v1/my-offers/list')).json().data;
      const mine = list.offers.find((o: { idHashed: string }) => o.idHashed === hash);
      expect(mine).toMatchObject({ isActive: false, depositInfo: { isBondInsufficient: true } });
      expect(list.depositData.makeDeposit.options).toContainEqual({
        currencyCode: 'BTC',
        missingAmount: '0.01000000',
      });
      expect(list.depositData.makeDeposit.isEnabled).toBe(true);
      const refused = await seller.put(`/rest/v1/my-offers/${hash}/status`, { new_status: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0].code).toBe('OFFER_BOND_INSUFFICIENT');
      expect((await seller.post('/wallet/deposit-bond', { crypto_currency_code: 'BTC' })).statusCode).toBe(
        200,
      );
      const active = await seller.put(`/rest/v1/my-offers/${hash}/status`, { new_status: true });
      expect(active.json().data.isActive).toBe(true);
      // The bond cannot leave while the offer needs it.
      expect((await seller.post('/wallet/retrieve-bond', { crypto_currency_code: 'BTC' })).statusCode).toBe(
        409,
      );
    });

    it('should switch all offers off and on', async () => {
      const hash = await create(other);
      const off = await other.post('/offer-manager/toggle-all-offers-state', { new_status: false });
      expect(off.json().data).toMatchObject({ isActive: false });
      let list = (await other.get('/rest/v1/my-offers/list')).json().data;
      expect(list.isNotSellActiveOffers).toBe(true);
      await other.post('/offer-manager/toggle-all-offers-state', { new_status: true });
      list = (await other.get('/rest/v1/my-offers/list')).json().data;
      expect(list.offers.find((o: { idHashed: string }) => o.idHashed === hash).isActive).toBe(true);
    });

    it('should stop offer creation when the account may not create offers', async () => {
      await admin('user:set-state', '--username', 'o_poor', '--state', 'restricted');
      const response = await poor.post('/rest/v1/my-offers', body());
      expect(response.statusCode).toBe(403);
      await admin('user:set-state', '--username', 'o_poor', '--state', 'active');
    });
  });

  describe('marketplace', () => {
    const m: Record<string, string> = {};

    beforeAll(async () => {
      // A market of its own: EUR, so the editor tests above do not interfere.
      const eur = { fiat_currency_code: 'EUR', payment_method: 'sepa-bank-transfer' };
      m.cheap = await create(seller, { ...eur, margin: '-1' });
      m.mid = await create(other, { ...eur, margin: '1', tags: ['receipt-required'] });
      m.dear = await create(seller, { ...eur, margin: '5', range_min: '1000', range_max: '2000' });
      m.buyOffer = await create(other, { ...eur, type: 'buy', margin: '-2' });
      m.inactive = await create(seller, { ...eur, margin: '0', is_active: false });
      m.spain = await create(other, { ...eur, margin: '0.5', country_list_mode: 'allow', countries: ['ES'] });
      m.closed = await create(seller, {
        ...eur,
        margin: '0.1',
        timezone: 'UTC',
        opening_hours: [{ day: 1, start_time: '00:00', end_time: '00:01', active: true }],
      });
      m.unfunded = await create(poor, { ...eur, margin: '-5' });
    });

    it('should show visible sell offers to a buyer, cheapest first, anonymous included', async () => {
      const page = await search(t.client(), 'type=buy&currency=EUR&limit=50');
      const hashes = hashesOf(page);
      expect(hashes).toEqual([m.cheap, m.mid, m.dear]);
      expect(page.offers[0]).toMatchObject({ owner: { username: 'o_seller' }, margin: '-1.0000' });
      // Prices are exact strings from the live rate.
      expect(page.offers[0]!.pricePerBtc).toMatch(/^\d+\.\d{2}$/);
    });

    it('should hide inactive, closed, unfunded and other-country offers', async () => {
      const hashes = hashesOf(await search(buyer, 'type=buy&currency=EUR&limit=50'));
      for (const hidden of [m.inactive, m.closed, m.unfunded, m.spain]) expect(hashes).not.toContain(hidden);
      expect(
        hashesOf(await search(buyer, 'type=buy&currency=EUR&visitor_country_iso=ES&limit=50')),
      ).toContain(m.spain);
      await setCountry('o_buyer', 'ES');
      expect(hashesOf(await search(buyer, 'type=buy&currency=EUR&limit=50'))).toContain(m.spain);
      await setCountry('o_buyer', 'FR');
    });

    it('should hide offers of users I blocked and who blocked me', async () => {
      await contactsRepository.set(t.database.db, ids.buyer!, ids.other!, 'blocked');
      let hashes = hashesOf(await search(buyer, 'type=buy&currency=EUR&limit=50'));
      expect(hashes).not.toContain(m.mid);
      await contactsRepository.remove(t.database.db, ids.buyer!, ids.other!);
      await contactsRepository.set(t.database.db, ids.seller!, ids.buyer!, 'blocked');
      hashes = hashesOf(await search(buyer, 'type=buy&currency=EUR&limit=50'));
      expect(hashes).not.toContain(m.cheap);
      expect(hashes).toContain(m.mid);
      expect((await buyer.get(`/rest/v1/offers/${m.cheap}`)).statusCode).toBe(404);
      await contactsRepository.remove(t.database.db, ids.seller!, ids.buyer!);
    });

    it('should list buy offers to a seller, dearest first', async () => {
      expect(hashesOf(await search(buyer, 'type=sell&currency=EUR&limit=50'))).toEqual([m.buyOffer]);
    });

    it('should apply every filter', async () => {
      const q = 'type=buy&currency=EUR&limit=50';
      expect(hashesOf(await search(buyer, `${q}&tags=receipt-required`))).toEqual([m.mid]);
      expect(hashesOf(await search(buyer, `${q}&fiat-min=1500`))).toEqual([m.dear]);
      expect(hashesOf(await search(buyer, `${q}&amount_range_min=600`))).toEqual([m.dear]);
      expect(hashesOf(await search(buyer, `${q}&amount_range_max=600`))).toEqual([m.cheap, m.mid]);
      expect(hashesOf(await search(buyer, `${q}&payment-method=sepa-bank-transfer`))).toHaveLength(3);
      expect(hashesOf(await search(buyer, `${q}&payment-method=paypal`))).toEqual([]);
      expect(hashesOf(await search(buyer, `${q}&group=bank-transfers`))).toHaveLength(3);
      expect(hashesOf(await search(buyer, `${q}&group=gift-cards`))).toEqual([]);
      expect(hashesOf(await search(buyer, 'type=buy&currency=GBP'))).toEqual([]);
      expect(hashesOf(await search(buyer, `${q}&crypto_currency_id=9`))).toEqual([]);
      await setCountry('o_other', 'DE');
      expect(hashesOf(await search(buyer, `${q}&users_country_iso=DE`))).toEqual([m.mid]);
      expect(hashesOf(await search(buyer, `${q}&location_id=276`))).toEqual([m.mid]);
      expect(hashesOf(await search(buyer, `${q}&online_users=1`))).toEqual(
        expect.arrayContaining([m.cheap, m.mid]),
      );
      expect(hashesOf(await search(buyer, `${q}&newbieOffers=1`))).toHaveLength(3);
      expect(hashesOf(await search(buyer, `${q}&binCode=123456`))).toHaveLength(3);
      expect(hashesOf(await search(buyer, `${q}&cardRegion=1`))).toEqual([]);
      expect(hashesOf(await search(buyer, `${q}&user_badges=expert`))).toHaveLength(3);
      expect(
        hashesOf(await search(buyer, `${q}&is_payment_method_localized=1&visitor_country_iso=US`)),
      ).toEqual([]);
      expect((await buyer.get(`/rest/v1/offers?${q}&currency=XXX`)).statusCode).toBe(422);
      expect((await buyer.get(`/rest/v1/offers?${q}&tags=nope`)).statusCode).toBe(422);
    });

    it('should sort by USD price both ways', async () => {
      const q = 'type=buy&currency=EUR&limit=50';
      expect(hashesOf(await search(buyer, `${q}&sort=crypto_usd_price_asc`))).toEqual([
        m.cheap,
        m.mid,
        m.dear,
      ]);
      expect(hashesOf(await search(buyer, `${q}&sort=crypto_usd_price_desc`))).toEqual([
        m.dear,
        m.mid,
        m.cheap,
      ]);
      expect(hashesOf(await search(buyer, `${q}&sort=release_time_asc`))).toEqual([m.cheap, m.mid, m.dear]);
    });

    it('should page with a keyset cursor that neither repeats nor skips while prices move', async () => {
      // Fixed-price offers change places with margin offers when the market moves.
      const page = (await seller.get(`/rest/v1/offers/${m.mid}`)).json().data;
      const fixed = await create(other, {
        fiat_currency_code: 'EUR',
        payment_method: 'sepa-bank-transfer',
        margin: undefined,
        fixed_price: page.offer.fiatPricePerCrypto,
      });
      const q = 'type=buy&currency=EUR&limit=2';
      const first = await search(buyer, q);
      expect(first.offers).toHaveLength(2);
      expect(first.nextPageId).not.toBeNull();
      await t.database.db.execute(
        sql`UPDATE current_rates SET rate = rate * 0.9 WHERE base = 'BTC' AND quote = 'USD'`,
      );
      await t.database.db.execute(sql`UPDATE rates_state SET version = version + 1`);
      await t.app.rates.reload();
      const seen = [...hashesOf(first)];
      let next = first;
      while (next.nextPageId) {
        next = await search(buyer, `${q}&searchId=${first.searchId}&page_id=${next.nextPageId}`);
        seen.push(...hashesOf(next));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.sort()).toEqual([m.cheap!, m.mid!, m.dear!, fixed].sort());
      // A new search orders with the new rates: the fixed price is now dearer than every margin offer.
      const fresh = hashesOf(await search(buyer, 'type=buy&currency=EUR&limit=50'));
      expect(fresh.at(-1)).toBe(fixed);
      expect((await buyer.get(`/rest/v1/offers?${q}&page_id=garbage`)).statusCode).toBe(422);
    });

    it('should page margin and fixed offers of several currencies exactly like one long page, both ways', async () => {
      const market = (await seller.get(`/rest/v1/offers/${m.mid}`)).json().data.offer.fiatPricePerCrypto;
      const near = (factor: string) => (Number(market) * Number(factor)).toFixed(2);
      await create(other, {
        fiat_currency_code: 'EUR',
        payment_method: 'sepa-bank-transfer',
        margin: '-1.5',
      });
      await create(other, {
        fiat_currency_code: 'EUR',
        payment_method: 'sepa-bank-transfer',
        margin: '-1.5',
      });
      await create(seller, { fiat_currency_code: 'USD', margin: '4.25' });
      for (const factor of ['0.97', '1.01', '1.06']) {
        await create(other, {
          fiat_currency_code: 'EUR',
          payment_method: 'sepa-bank-transfer',
          margin: undefined,
          fixed_price: near(factor),
        });
      }
      for (const query of ['type=buy', 'type=buy&currency=EUR']) {
        for (const sort of ['crypto_usd_price_asc', 'crypto_usd_price_desc']) {
          const whole = await search(buyer, `${query}&sort=${sort}&limit=100`);
          const paged: string[] = [];
          let page = await search(buyer, `${query}&sort=${sort}&limit=1`);
          paged.push(...hashesOf(page));
          while (page.nextPageId) {
            page = await search(
              buyer,
              `${query}&sort=${sort}&limit=1&searchId=${whole.searchId}&page_id=${page.nextPageId}`,
            );
            paged.push(...hashesOf(page));
          }
          expect(paged, `${query} ${sort}`).toEqual(hashesOf(whole));
          expect(whole.offers.length).toBeGreaterThan(3);
        }
      }
    });
  });

  describe('offer page, favourites, profiles', () => {
    let hash: string;
    beforeAll(async () => {
      hash = await create(seller, {
        fiat_currency_code: 'GBP',
        payment_method: 'bank-transfer',
        opening_hours: [
          { day: 2, start_time: '09:00', end_time: '12:00', active: true },
          { day: 1, start_time: '12:00', end_time: '18:00', active: true },
          { day: 1, start_time: '09:00', end_time: '12:00', active: false },
        ],
        timezone: 'Europe/London',
        offer_cap: { amount: '5', active: true },
        requirements: [{ type: 'VerifyIAndShowFullName' }, { type: 'RemainingTrades', value: 3 }],
      });
    });

    it('should answer the view-offer fields and state', async () => {
      const response = await buyer.get(`/rest/v1/offers/${hash}`);
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data.offer).toMatchObject({
        id: hash,
        type: 'sell',
        ownerUsername: 'o_seller',
        isSell: true,
        fiatLimitMin: '10.00',
      });
      expect(data.offer.requirements).toEqual([
        { type: 'VerifyIAndShowFullName' },
        { type: 'RemainingTrades', value: 3 },
      ]);
      expect(data.dutyHours).toEqual([
        { day: 1, start_time: '09:00', end_time: '18:00', active: true },
        { day: 2, start_time: '09:00', end_time: '12:00', active: true },
      ]);
      expect(data).toMatchObject({
        isFavorite: false,
        isAvailableForCountry: true,
        dutyHoursTimezone: 'Europe/London',
      });
      expect(data.offerCap).toMatchObject({ initialValue: '5.00', remainingValue: '5.00' });
      expect(data.offer.isCapLessThanMin).toBe(true);
      expect((await buyer.get('/rest/v1/offers/doesnotexist1')).statusCode).toBe(404);
    });

    it('should set the offer cap only for the owner', async () => {
      const cap = { offer_cap: { amount: '300', active: true } };
      expect((await other.post(`/rest/v1/offers/${hash}/offer-cap`, cap)).statusCode).toBe(404);
      const response = await seller.post(`/rest/v1/offers/${hash}/offer-cap`, cap);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.offerCap).toMatchObject({
        initialValue: '300.00',
        remainingValue: '300.00',
      });
    });

    it('should take started trades off the cap, and block the offer once less than the minimum is left', async () => {
      const capped = await create(seller, {
        range_min: '50',
        range_max: '200',
        offer_cap: { amount: '260', active: true },
      });
      const started = await buyer.post('/rest/v1/trade/start', { offer_hash: capped, fiat_amount: '200' });
      expect(started.statusCode, started.body).toBe(201);
      const view = (await buyer.get(`/rest/v1/offers/${capped}`)).json().data;
      expect(view.offerCap).toMatchObject({ initialValue: '260.00', remainingValue: '60.00' });
      expect(view.offer.isReachedCap).toBe(false);
      expect(view.offer.isCapLessThanMin).toBe(false);
      const cancelled = await buyer.post(`/rest/v1/trade/${started.json().data.tradeHash}/cancel`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // A cancelled trade gives its amount back to the cap.
      expect((await buyer.get(`/rest/v1/offers/${capped}`)).json().data.offerCap.remainingValue).toBe(
        '260.00',
      );
      // A completed trade counts in both parties' monthly stats on the cards.
      const done = (
        await buyer.post('/rest/v1/trade/start', { offer_hash: capped, fiat_amount: '50' })
      ).json().data.tradeHash as string;
      expect((await buyer.post(`/rest/v1/trade/${done}/paid`, {})).statusCode).toBe(200);
      const released = await seller.post(`/rest/v1/trade/${done}/release`, {});
      expect(released.statusCode, released.body).toBe(200);
      const card = (await search(buyer, 'type=buy&currency=USD&limit=100')).offers.find(
        (o) => o.hash === capped,
      );
      expect(card?.owner.monthlyTradeStats).toEqual({ trades: 1, partners: 1 });
    });

    it('should add, list and remove favourites', async () => {
      expect((await buyer.post(`/rest/v1/favorites/offers/${hash}`)).statusCode).toBe(200);
      expect((await buyer.get(`/rest/v1/offers/${hash}`)).json().data.isFavorite).toBe(true);
      const list = (await buyer.get('/rest/v1/favorites/offers?page=1&type=sell')).json().data;
      expect(list.offers.map((o: Listing) => o.hash)).toEqual([hash]);
      expect((await buyer.get('/rest/v1/favorites/offers?type=buy')).json().data.offers).toEqual([]);
      expect((await buyer.delete(`/rest/v1/favorites/offers/${hash}`)).statusCode).toBe(200);
      expect((await buyer.get('/rest/v1/favorites/offers')).json().data.offers).toEqual([]);
      expect((await t.client().get('/rest/v1/favorites/offers')).statusCode).toBe(401);
    });

    it('should count the favourites per type and page them the spec’s way', async () => {
      const fan = t.client();
      await fan.register('o_fan');
      const buyOffer = await create(other, { type: 'buy', fiat_currency_code: 'GBP', margin: '-1' });
      expect((await fan.post(`/rest/v1/favorites/offers/${hash}`)).statusCode).toBe(200);
      expect((await fan.post(`/rest/v1/favorites/offers/${buyOffer}`)).statusCode).toBe(200);

      const all = (await fan.get('/rest/v1/favorites/offers')).json().data;
      expect(all).toMatchObject({
        buyCount: 1,
        sellCount: 1,
        currentType: null,
        currentSorting: 'newest',
        pagination: { total: 2, currentPage: 1, perPage: 20, lastPage: 1 },
        nextPage: null,
      });
      // Newest first: the buy offer was added last.
      expect(all.offers.map((o: Listing) => o.hash)).toEqual([buyOffer, hash]);

      // The filter narrows the list and its pagination; the counts stay those of both types.
      const buys = (await fan.get('/rest/v1/favorites/offers?type=buy&sort=oldest')).json().data;
      expect(buys.offers.map((o: Listing) => o.hash)).toEqual([buyOffer]);
      expect(buys).toMatchObject({
        buyCount: 1,
        sellCount: 1,
        currentType: 'buy',
        currentSorting: 'oldest',
        pagination: { total: 1, currentPage: 1, perPage: 20, lastPage: 1 },
      });
      // A page past the end is empty and still says where the list ends.
      const past = (await fan.get('/rest/v1/favorites/offers?page=3')).json().data;
      expect(past).toMatchObject({ offers: [], pagination: { total: 2, currentPage: 3, lastPage: 1 } });

      const snake = (await fan.get('/rest/v1/favorites/offers?type=sell&case=snake')).json().data;
      expect(snake).toMatchObject({
        buy_count: 1,
        sell_count: 1,
        current_type: 'sell',
        current_sorting: 'newest',
        pagination: { total: 1, current_page: 1, per_page: 20, last_page: 1 },
        next_page: null,
      });
      expect((await t.client().get('/rest/v1/favorites/offers?type=buy')).statusCode).toBe(401);
    });

    it("should list a user's active offers", async () => {
      const response = await t
        .client()
        .get('/rest/v1/users/o_seller/active-offers?type=sell&crypto_currency_code=BTC');
      expect(response.statusCode, response.body).toBe(200);
      const offers = response.json().data.offers as Listing[];
      expect(offers.length).toBeGreaterThan(0);
      expect(offers.every((o) => o.owner.username === 'o_seller')).toBe(true);
      expect((await t.client().get('/rest/v1/users/nobody_here/active-offers')).statusCode).toBe(404);
    });
  });
});
