import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataEnvelope,
  MOBILE_MONEY_WALLETS_MAX,
  mobileMoneyWalletListSchema,
  mobileMoneyWalletSchema,
} from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';

const BASE = '/rest/v1/mobile-money-wallets';
const M_PESA = 800;
const OTHER_MOBILE_MONEY = 838;
const BANK_TRANSFER = 1;

/** A Kenyan M-Pesa wallet in the national form; `extra` overrides a field. */
const walletBody = (extra: Record<string, unknown> = {}) => ({
  payment_method_id: M_PESA,
  country_id: 'KE',
  phone_number: '0712 345 678',
  holder_name: 'Ana Wanjiru',
  ...extra,
});

type Detail = { field: string; code: string; message: string };
const detailsOf = (body: string): Detail[] => JSON.parse(body).errors[0].details ?? [];
const fieldsOf = (body: string) => detailsOf(body).map((d) => d.field);

describe('mobile money wallets', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let me: Party;
  let other: Party;

  const add = async (who: Party, extra: Record<string, unknown> = {}) => {
    const response = await who.c.post(BASE, walletBody(extra));
    expect(response.statusCode, response.body).toBe(201);
    return dataEnvelope(mobileMoneyWalletSchema).parse(response.json()).data;
  };
  const list = async (who: Party, query = '') => {
    const response = await who.c.get(`${BASE}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return dataEnvelope(mobileMoneyWalletListSchema).parse(response.json()).data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = tradeScenario(t);
    me = await s.party('mmme');
    other = await s.party('mmother');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('should add, list masked, read whole, change and delete a wallet', async () => {
    const created = await add(me);
    expect(created).toMatchObject({
      paymentMethodId: M_PESA,
      paymentMethodName: 'M-Pesa',
      paymentMethodSlug: 'm-pesa',
      countryCode: 'KE',
      phoneNumber: '+254712345678',
      holderName: 'Ana Wanjiru',
      isMasked: false,
      offerCount: 0,
    });

    const listed = await list(me);
    expect(listed.mobileMoneyWallets).toEqual([{ ...created, phoneNumber: '+254 •••• 678', isMasked: true }]);
    // The providers: the whole mobile-money group, with where each operates.
    const ids = listed.paymentMethods.map((m) => m.id);
    expect(ids).toContain(M_PESA);
    expect(ids).toContain(OTHER_MOBILE_MONEY);
    expect(ids).not.toContain(BANK_TRANSFER);
    expect(ids.every((id) => id >= 800 && id < 900)).toBe(true);
    expect(listed.paymentMethods.find((m) => m.id === M_PESA)?.countries).toContain('KE');
    expect(listed.paymentMethods.find((m) => m.id === OTHER_MOBILE_MONEY)).toMatchObject({
      name: 'Other Mobile Money',
      countries: [],
      iconName: 'mobile',
    });
    // Names in the asked language where the catalogue has one; brands stay as they are.
    const spanish = await list(me, '?locale=es');
    expect(spanish.paymentMethods.find((m) => m.id === OTHER_MOBILE_MONEY)?.name).toBe('Otro dinero móvil');
    expect(spanish.paymentMethods.find((m) => m.id === M_PESA)?.name).toBe('M-Pesa');

    const single = await me.c.get(`${BASE}/${created.id}`);
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json().data).toEqual(created);

    // The international form is read as well; the answer is the stored E.164 number.
    const changed = await me.c.put(
      `${BASE}/${created.id}`,
      walletBody({ phone_number: '+254 110 123 456', holder_name: '  Ana W. ' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ phoneNumber: '+254110123456', holderName: 'Ana W.' });

    const deleted = await me.c.delete(`${BASE}/${created.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ id: created.id, deleted: true });
    expect((await me.c.get(`${BASE}/${created.id}`)).statusCode).toBe(404);
    expect((await list(me)).mobileMoneyWallets).toEqual([]);
  });

  it('should refuse numbers, countries and providers that do not fit, each on its field', async () => {
    const refused = async (extra: Record<string, unknown>, field: string, code?: string) => {
      const response = await me.c.post(BASE, walletBody(extra));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[0].code).toBe('ERROR_INPUT_VALIDATION');
      const detail = detailsOf(response.body).find((d) => d.field === field);
      expect(detail, response.body).toBeDefined();
      if (code) expect(detail?.code).toBe(code);
      expect(detail?.message.length).toBeGreaterThan(5);
      return response;
    };
    await refused({ phone_number: 'call me maybe' }, 'phone_number', 'invalid_phone');
    await refused({ phone_number: '0712 345' }, 'phone_number', 'invalid_number');
    // A Tanzanian number for a Kenyan wallet; a Nairobi landline.
    const tz = await refused({ phone_number: '+255 754 123 456' }, 'phone_number', 'wrong_country');
    expect(detailsOf(tz.body)[0]?.message).toMatch(/TZ/);
    await refused({ phone_number: '020 2222222' }, 'phone_number', 'not_mobile');
    await refused({ payment_method_id: BANK_TRANSFER }, 'payment_method_id', 'not_mobile_money');
    await refused({ payment_method_id: 999_999 }, 'payment_method_id', 'not_mobile_money');
    // M-Pesa does not operate in Nigeria (the number itself is a good Nigerian one).
    const ng = await refused(
      { country_id: 'NG', phone_number: '0803 123 4567' },
      'country_id',
      'method_not_in_country',
    );
    expect(fieldsOf(ng.body)).toEqual(['country_id']);
    await refused({ country_id: 'ZZ' }, 'country_id', 'unknown_country');
    await refused({ country_id: 'KEN' }, 'country_id');
    await refused({ holder_name: 'Ana\u0000Wanjiru' }, 'holder_name', 'invalid_characters');
    await refused({ phone_number: '0712\n345678' }, 'phone_number', 'invalid_characters');
    await refused({ holder_name: ' ' }, 'holder_name');
    for (const field of ['phone_number', 'holder_name', 'country_id', 'payment_method_id']) {
      await refused({ [field]: 'x'.repeat(5_000) }, field);
    }
    const empty = await me.c.post(BASE, {});
    expect(empty.statusCode).toBe(422);
    expect(fieldsOf(empty.body).sort()).toEqual([
      'country_id',
      'holder_name',
      'payment_method_id',
      'phone_number',
    ]);
    // "Other mobile money" is usable anywhere.
    const anywhere = await add(me, {
      payment_method_id: OTHER_MOBILE_MONEY,
      country_id: 'es',
      phone_number: '612 345 678',
    });
    expect(anywhere).toMatchObject({ countryCode: 'ES', phoneNumber: '+34612345678' });
    // The same provider and number twice, in whichever form it is written.
    const again = await me.c.post(
      BASE,
      walletBody({ payment_method_id: OTHER_MOBILE_MONEY, country_id: 'ES', phone_number: '+34612345678' }),
    );
    expect(again.statusCode).toBe(422);
    expect(detailsOf(again.body)).toMatchObject([{ field: 'phone_number', code: 'phone_number_non_unique' }]);
    // A change is checked the same way.
    const badChange = await me.c.put(`${BASE}/${anywhere.id}`, walletBody({ phone_number: '123' }));
    expect(badChange.statusCode).toBe(422);
    expect(fieldsOf(badChange.body)).toEqual(['phone_number']);
    expect((await me.c.delete(`${BASE}/${anywhere.id}`)).statusCode).toBe(200);
  });

  it("should hide another user's wallet, and refuse visitors and writes without the CSRF token", async () => {
    const mine = await add(me, { phone_number: '0712 345 601' });
    expect((await other.c.get(`${BASE}/${mine.id}`)).statusCode).toBe(404);
    expect((await other.c.put(`${BASE}/${mine.id}`, walletBody())).statusCode).toBe(404);
    expect((await other.c.delete(`${BASE}/${mine.id}`)).statusCode).toBe(404);
    expect((await other.c.get(`${BASE}/999999`)).statusCode).toBe(404);
    expect((await list(other)).mobileMoneyWallets).toEqual([]);
    // Still there, unchanged.
    expect((await me.c.get(`${BASE}/${mine.id}`)).json().data).toEqual(mine);

    expect((await me.c.get(`${BASE}/abc`)).statusCode).toBe(422);
    expect((await me.c.get(`${BASE}/0`)).statusCode).toBe(422);

    const visitor = t.client();
    expect((await visitor.get(BASE)).statusCode).toBe(401);
    expect((await visitor.get(`${BASE}/${mine.id}`)).statusCode).toBe(401);
    expect((await visitor.post(BASE, walletBody())).statusCode).toBe(401);
    expect((await visitor.delete(`${BASE}/${mine.id}`)).statusCode).toBe(401);

    expect((await me.c.post(BASE, walletBody(), { csrf: false })).statusCode).toBe(403);
    expect((await me.c.put(`${BASE}/${mine.id}`, walletBody(), { csrf: false })).statusCode).toBe(403);
    expect((await me.c.delete(`${BASE}/${mine.id}`, { csrf: false })).statusCode).toBe(403);

    const snake = await me.c.get(`${BASE}?case=snake`);
    expect(snake.statusCode).toBe(200);
    expect(snake.json().data.mobile_money_wallets[0]).toMatchObject({
      payment_method_id: M_PESA,
      phone_number: '+254 •••• 601',
      is_masked: true,
      offer_count: 0,
    });
    expect((await me.c.delete(`${BASE}/${mine.id}`)).statusCode).toBe(200);
  });

  it('should create one wallet when the same addition arrives 20 times at once', async () => {
    const racer = await s.party('mmrace');
    const body = walletBody({ phone_number: '0712 000 111' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => racer.c.post(BASE, body)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((code) => code === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(detailsOf(answer.body)[0]?.code).toBe('phone_number_non_unique');
    }
    const [wallet] = (await list(racer)).mobileMoneyWallets;
    expect(wallet).toBeDefined();
    // Deleted twice at once: once, then "not found".
    const deletions = await Promise.all([1, 2].map(() => racer.c.delete(`${BASE}/${wallet!.id}`)));
    expect(deletions.map((d) => d.statusCode).sort()).toEqual([200, 404]);
  });

  it(`should keep at most ${MOBILE_MONEY_WALLETS_MAX} wallets per user`, async () => {
    const collector = await s.party('mmmany');
    const number = (i: number) => `07123456${String(i).padStart(2, '0')}`;
    for (let i = 0; i < MOBILE_MONEY_WALLETS_MAX - 3; i += 1) {
      await add(collector, { phone_number: number(i) });
    }
    // Five different additions at once for the last three places: the limit holds under the race.
    const racing = await Promise.all(
      [50, 51, 52, 53, 54].map((i) => collector.c.post(BASE, walletBody({ phone_number: number(i) }))),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 422, 422]);
    const over = await collector.c.post(BASE, walletBody({ phone_number: '0712 345 699' }));
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().errors[0].code).toBe('MOBILE_MONEY_WALLETS_LIMIT');
    expect((await list(collector)).mobileMoneyWallets).toHaveLength(MOBILE_MONEY_WALLETS_MAX);
  });

  it('should refuse to delete a wallet on an active offer, and detach it from a switched-off one', async () => {
    const seller = await s.party('mmseller');
    await s.fund(seller.name, '1');
    const wallet = await add(seller, { phone_number: '0712 999 000' });
    const hash = await s.sellOffer(seller);
    const attach = () =>
      t.database.db.execute(sql`INSERT INTO offer_payment_accounts (offer_id, mobile_money_wallet_id)
        SELECT id, ${wallet.id} FROM offers WHERE hash = ${hash}`);
    const links = async () =>
      Number(
        (
          (await t.database.db.execute(
            sql`SELECT count(*)::int AS n FROM offer_payment_accounts WHERE mobile_money_wallet_id = ${wallet.id}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n,
      );
    await attach();
    expect((await list(seller)).mobileMoneyWallets[0]?.offerCount).toBe(1);

    const refused = await seller.c.delete(`${BASE}/${wallet.id}`);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'MOBILE_MONEY_WALLET_IN_USE',
      details: [{ field: 'offers', code: 'active_offer', message: hash }],
    });
    expect(await links()).toBe(1);
    // The provider of a wallet on offers stays; its holder name may change.
    const provider = await seller.c.put(
      `${BASE}/${wallet.id}`,
      walletBody({ payment_method_id: OTHER_MOBILE_MONEY, phone_number: '0712 999 000' }),
    );
    expect(provider.statusCode).toBe(422);
    expect(detailsOf(provider.body)).toMatchObject([
      { field: 'payment_method_id', code: 'wallet_in_offers' },
    ]);
    const renamed = await seller.c.put(
      `${BASE}/${wallet.id}`,
      walletBody({ phone_number: '0712 999 000', holder_name: 'Shop Ltd' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);

    const off = await seller.c.put(`/rest/v1/my-offers/${hash}/status`, { new_status: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.isActive).toBe(false);
    const deleted = await seller.c.delete(`${BASE}/${wallet.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await links()).toBe(0);
    // The offer itself stays.
    expect((await seller.c.get(`/rest/v1/my-offers/${hash}`)).statusCode).toBe(200);
  });
});
