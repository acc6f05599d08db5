import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, type CurrentUser } from '@app/contract';
import { usersChanged } from '../../platform/db/changes.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';

type Scenario = ReturnType<typeof tradeScenario>;

/**
 * Every field of the current user comes from the account's data (issue 26, decision 0050): for each, the
 * underlying data is changed through the product (or, where the product has no call for it, in the
 * table) and `GET /rest/v1/users/current_user` answers the change. Fields of features the product does
 * not have are null or false whatever the account does.
 */
describe('the current user: every field from the data', () => {
  let t: TestApp;
  let s: Scenario;
  let reviewer: Party;

  const me = async (party: Party): Promise<CurrentUser> => {
    const response = await party.c.get('/rest/v1/users/current_user');
    expect(response.statusCode, response.body).toBe(200);
    return currentUserSchema.parse(response.json().data);
  };
  const settings = async (party: Party, body: Record<string, unknown>) => {
    const response = await party.c.post('/rest/v1/users/settings', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const currencyId = async (code: string) =>
    Number(
      (
        (await t.database.db.execute(
          sql`SELECT id FROM fiat_currencies WHERE code = ${code}`,
        )) as unknown as {
          rows: { id: number }[];
        }
      ).rows[0]!.id,
    );

  /**
   * A change written in the table rather than through a call is announced as the product's writes
   * announce theirs (platform/db/changes.ts): the current user is kept until its data changes (issue 28).
   */
  const announce = (subject: Party) => usersChanged(t.database.db, [subject.id]);

  beforeAll(async () => {
    t = await createTestApp({ TRADE_DISPUTE_AFTER_PAID_MINUTES: '0' });
    s = tradeScenario(t);
    reviewer = await s.staffMember('cuf_reviewer', 'supermod');
  });
  afterAll(() => t.close());

  /** A field (or a few read together), the change to the data, and what it reads before and after. */
  type Case = {
    fields: (keyof CurrentUser)[];
    change: (subject: Party) => Promise<void>;
    before: Partial<CurrentUser> | ((subject: Party) => Promise<Partial<CurrentUser>>);
    after: Partial<CurrentUser> | ((subject: Party) => Promise<Partial<CurrentUser>>);
  };

  const cases: Case[] = [
    {
      // The name the approved ID verification proved; the default display form is "first name and initial".
      fields: ['userFullName', 'firstName', 'lastName', 'displayedFullName', 'isIdVerified'],
      change: (subject) => s.verifyId(subject, reviewer, { first: 'María', middle: 'José', last: 'Núñez' }),
      before: {
        userFullName: null,
        firstName: null,
        lastName: null,
        displayedFullName: null,
        isIdVerified: false,
      },
      after: {
        userFullName: 'María José Núñez',
        firstName: 'María',
        lastName: 'Núñez',
        displayedFullName: 'María N.',
        isIdVerified: true,
      },
    },
    {
      fields: ['displayedFullName'],
      change: async (subject) => {
        await s.verifyId(subject, reviewer, { first: 'Ada', last: 'Byron' });
        await settings(subject, { full_name_display_type: 'full_name' });
      },
      before: { displayedFullName: null },
      after: { displayedFullName: 'Ada Byron' },
    },
    {
      // "Hide name" shows nothing, verified or not.
      fields: ['displayedFullName'],
      change: async (subject) => {
        await settings(subject, { full_name_display_type: 'hide_name' });
        await s.verifyId(subject, reviewer, { first: 'Hidden', last: 'Person' });
      },
      before: { displayedFullName: null },
      after: { displayedFullName: null, userFullName: 'Hidden Person' },
    },
    {
      fields: ['fullNameVisibilityType'],
      change: async (subject) => void (await settings(subject, { full_name_visibility_type: 'everyone' })),
      before: { fullNameVisibilityType: 'nobody' },
      after: { fullNameVisibilityType: 'everyone' },
    },
    {
      // The issue's case: settings said EUR while the current user kept USD's id 144.
      fields: ['currency', 'currencyId'],
      change: async (subject) => void (await settings(subject, { fiat_currency_code: 'EUR' })),
      before: async () => ({ currency: 'USD', currencyId: await currencyId('USD') }),
      after: async () => ({ currency: 'EUR', currencyId: await currencyId('EUR') }),
    },
    {
      // No call sets a country yet (demo accounts have one): the column is the data.
      fields: ['country', 'location', 'locationCurrency'],
      change: async (subject) => {
        await t.database.db.execute(sql`UPDATE users SET country_iso = 'DE' WHERE id = ${subject.id}`);
        announce(subject);
      },
      before: { country: null, location: null, locationCurrency: null },
      after: {
        country: { iso: 'DE', code: 'DEU', name: { original: 'Germany', localized: 'Germany' } },
        location: 'Germany',
        locationCurrency: 'EUR',
      },
    },
    {
      // In the user's language.
      fields: ['location', 'country', 'locale', 'urlLocale'],
      change: async (subject) => {
        await t.database.db.execute(sql`UPDATE users SET country_iso = 'DE' WHERE id = ${subject.id}`);
        await settings(subject, { locale: 'es' });
      },
      before: { location: null, locale: 'en', urlLocale: '' },
      after: {
        location: 'Alemania',
        country: { iso: 'DE', code: 'DEU', name: { original: 'Germany', localized: 'Alemania' } },
        locale: 'es',
        urlLocale: 'es',
      },
    },
    {
      fields: ['timezone'],
      change: async (subject) => void (await settings(subject, { timezone: 'Europe/Madrid' })),
      before: { timezone: 'UTC' },
      after: { timezone: 'Europe/Madrid' },
    },
    {
      // A sale released by the seller: completed, successful, its BTC counted.
      fields: ['completedTrades', 'successfulTrades', 'totalTradedBtc'],
      change: async (subject) => {
        await s.fund(subject.name, '1');
        const offer = await s.sellOffer(subject);
        const buyer = await s.party('cuf_buyer');
        const trade = await s.start(buyer, offer, '20');
        await s.markPaid(buyer, trade.id);
        const released = await subject.c.post(`/rest/v1/trade/${trade.id}/release`);
        expect(released.statusCode, released.body).toBe(200);
      },
      before: { completedTrades: 0, successfulTrades: 0, totalTradedBtc: '0.00000000' },
      after: async (subject) => {
        const [row] = (
          (await t.database.db.execute(
            sql`SELECT crypto_amount::text AS units FROM trades WHERE seller_id = ${subject.id}`,
          )) as unknown as { rows: { units: string }[] }
        ).rows;
        const units = BigInt(row!.units);
        expect(units).toBeGreaterThan(0n);
        return {
          completedTrades: 1,
          successfulTrades: 1,
          totalTradedBtc: `${units / 100_000_000n}.${(units % 100_000_000n).toString().padStart(8, '0')}`,
        };
      },
    },
    {
      // A purchase a moderator awarded to the buyer: completed (the crypto reached them), not successful.
      fields: ['completedTrades', 'successfulTrades'],
      change: async (subject) => {
        const seller = await s.party('cuf_seller');
        await s.fund(seller.name, '1');
        const offer = await s.sellOffer(seller);
        const trade = await s.start(subject, offer, '20');
        await s.markPaid(subject, trade.id);
        await s.openDispute(subject, trade.id);
        const awarded = await s.admin(
          'dispute:award',
          ...['--trade', trade.id, '--winner', 'buyer', '--reason', 'Paid in full.'],
        );
        expect(awarded.exitCode, awarded.output).toBe(0);
      },
      before: { completedTrades: 0, successfulTrades: 0 },
      after: { completedTrades: 1, successfulTrades: 0 },
    },
    {
      fields: ['hasActiveTrades'],
      change: async (subject) => {
        const seller = await s.party('cuf_seller');
        await s.fund(seller.name, '1');
        await s.start(subject, await s.sellOffer(seller), '20');
      },
      before: { hasActiveTrades: false },
      after: { hasActiveTrades: true },
    },
    {
      // An offer switched on: a vendor with one active offer.
      fields: ['activeOffersCount', 'hasOffers', 'isVendor'],
      change: async (subject) => {
        await s.fund(subject.name, '1');
        await s.sellOffer(subject);
        await s.sellOffer(subject, { margin: '2' });
      },
      before: { activeOffersCount: 0, hasOffers: false, isVendor: false },
      after: { activeOffersCount: 2, hasOffers: true, isVendor: true },
    },
    {
      // Switched off: still has offers, no longer a vendor.
      fields: ['activeOffersCount', 'hasOffers', 'isVendor'],
      change: async (subject) => {
        const hash = await s.sellOffer(subject, { is_active: false });
        expect((await subject.c.get(`/rest/v1/offers/${hash}`)).statusCode).toBe(200);
      },
      before: { activeOffersCount: 0, hasOffers: false, isVendor: false },
      after: { activeOffersCount: 0, hasOffers: true, isVendor: false },
    },
    {
      // The basic verification: e-mail and phone verified (the phone flow's own tests send the codes).
      fields: ['basicVerification', 'isPhoneVerified', 'isEmailVerified', 'phone'],
      change: async (subject) => {
        await t.database.db
          .execute(sql`UPDATE users SET is_email_verified = true, phone = ${`+3460000${subject.id}`},
          phone_verified_at = now() WHERE id = ${subject.id}`);
        announce(subject);
      },
      before: { basicVerification: false, isPhoneVerified: false, isEmailVerified: false, phone: null },
      after: async (subject) => ({
        basicVerification: true,
        isPhoneVerified: true,
        isEmailVerified: true,
        phone: `+3460000${subject.id}`,
      }),
    },
    {
      fields: ['accountState', 'isFrozen', 'accountNotice'],
      change: async (subject) => {
        await t.database.db.execute(
          sql`UPDATE users SET account_state = 'frozen', account_notice = 2 WHERE id = ${subject.id}`,
        );
        announce(subject);
      },
      before: { accountState: 'active', isFrozen: false, accountNotice: null },
      after: { accountState: 'frozen', isFrozen: true, accountNotice: 2 },
    },
  ];

  it.each(cases.map((c) => [c.fields.join(', '), c] as const))('%s', async (_name, c) => {
    const subject = await s.party('cuf');
    const expected = async (value: Case['before']) => (typeof value === 'function' ? value(subject) : value);
    expect(await me(subject)).toMatchObject(await expected(c.before));
    await c.change(subject);
    expect(await me(subject)).toMatchObject(await expected(c.after));
  });

  it('should say null or false for what the product does not have, and not invent a value', async () => {
    const veteran = await s.party('cuf_veteran');
    await s.fund(veteran.name, '1');
    await s.sellOffer(veteran);
    await settings(veteran, { fiat_currency_code: 'EUR', full_name_visibility_type: 'everyone' });
    expect(await me(veteran)).toMatchObject({
      referralCode: null,
      feeDiscount: null,
      merchantBalance: null,
      vendorLanguages: null,
      completedTourGuides: null,
      // Kept in the browser's local storage (spec section 4): the server never knows it.
      isBalanceHidden: null,
      hasActiveMobileApp: false,
      isMerchant: false,
    });
  });

  it('should answer the same facts in the initial state', async () => {
    const subject = await s.party('cuf_state');
    await settings(subject, { fiat_currency_code: 'EUR' });
    const state = await subject.c.get('/rest/v1/app/initial-state');
    expect(state.json().data.currentUser).toMatchObject({
      currency: 'EUR',
      currencyId: await currencyId('EUR'),
    });
  });
});
