import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { contactsRepository } from '../contacts/index.js';
import { createReportsService } from './service.js';

describe('offer reports', () => {
  let t: TestApp;
  let owner: TestClient;
  let reporter: TestClient;
  let busy: TestClient;
  const ids: Record<string, number> = {};
  const offers: string[] = [];

  const createOffer = async (client: TestClient, extra: Record<string, unknown> = {}) => {
    // Buy offers on a bank transfer need neither a balance nor a bond.
    const response = await client.post('/rest/v1/my-offers', {
      type: 'buy',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '1',
      range_min: '10',
      range_max: '500',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.idHashed as string;
  };
  const report = (client: TestClient, hash: string, body: Record<string, unknown>) =>
    client.post(`/rest/v1/offers/${hash}/report`, body);

  beforeAll(async () => {
    t = await createTestApp({ REPORTS_MAX_PER_DAY: '3' });
    owner = t.client();
    reporter = t.client();
    busy = t.client();
    ids.owner = (await owner.register('r_owner')).id;
    ids.reporter = (await reporter.register('r_reporter')).id;
    ids.busy = (await busy.register('r_busy')).id;
    for (let i = 0; i < 5; i += 1) offers.push(await createOffer(owner));
  });
  afterAll(async () => {
    await t.close();
  });

  it('should list the reasons, in the spec order, with "other" needing a message', async () => {
    const response = await t.client().get('/rest/v1/offers/report-reasons');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { reason: 'outside_escrow', requiresMessage: false },
      { reason: 'bad_offer_terms', requiresMessage: false },
      { reason: 'obvious_scam', requiresMessage: false },
      { reason: 'negotiation', requiresMessage: false },
      { reason: 'other', requiresMessage: true },
    ]);
  });

  it('should need a login', async () => {
    const anonymous = t.client();
    expect((await report(anonymous, offers[0]!, { reason: 'obvious_scam' })).statusCode).toBe(401);
    expect((await anonymous.get(`/rest/v1/offers/${offers[0]}/report`)).statusCode).toBe(401);
  });

  it('should store a report once and answer a second one with 409 ALREADY_REPORTED', async () => {
    const hash = offers[0]!;
    expect((await reporter.get(`/rest/v1/offers/${hash}/report`)).json().data).toEqual({
      reported: false,
      reason: null,
      createdAt: null,
    });

    const first = await report(reporter, hash, {
      reason: 'bad_offer_terms',
      message: '  Asks for gift cards  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ reported: true, reason: 'bad_offer_terms' });
    expect(Date.parse(first.json().data.createdAt)).not.toBeNaN();

    const state = await reporter.get(`/rest/v1/offers/${hash}/report`);
    expect(state.json().data).toEqual(first.json().data);

    const again = await report(reporter, hash, { reason: 'obvious_scam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('ALREADY_REPORTED');

    const stored = await createReportsService({ db: t.database.db, config: t.config }).listOfOffer(hash);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      reporterId: ids.reporter,
      reason: 'bad_offer_terms',
      message: 'Asks for gift cards',
    });
  });

  it('should refuse reporting my own offer', async () => {
    const response = await report(owner, offers[1]!, { reason: 'obvious_scam' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('REPORT_OWN_OFFER');
  });

  it('should answer 404 for an unknown offer and for offers hidden by a block', async () => {
    expect((await report(reporter, 'NoSuchOffer1', { reason: 'obvious_scam' })).statusCode).toBe(404);

    const hidden = t.client();
    const hiddenId = (await hidden.register('r_hidden')).id;
    await contactsRepository.set(t.database.db, ids.owner!, hiddenId, 'blocked');
    const response = await report(hidden, offers[1]!, { reason: 'obvious_scam' });
    expect(response.statusCode).toBe(404);
    expect((await hidden.get(`/rest/v1/offers/${offers[1]}/report`)).statusCode).toBe(404);
  });

  it.each([
    [{ reason: 'spam' }, 'reason'],
    [{}, 'reason'],
    [{ reason: 'other' }, 'message'],
    [{ reason: 'other', message: '   ' }, 'message'],
    [{ reason: 'negotiation', message: 'x'.repeat(1001) }, 'message'],
  ])('should refuse %j with a field error on %s', async (body, field) => {
    const response = await report(reporter, offers[2]!, body);
    expect(response.statusCode, response.body).toBe(422);
    const [error] = response.json().errors;
    expect(error.code).toBe('ERROR_INPUT_VALIDATION');
    expect(error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('should limit reports per user and day (REPORTS_MAX_PER_DAY) with a Retry-After', async () => {
    for (const hash of offers.slice(0, 3)) {
      expect((await report(busy, hash, { reason: 'negotiation' })).statusCode).toBe(201);
    }
    const limited = await report(busy, offers[3]!, { reason: 'negotiation' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    // A repeat is still told it is a repeat.
    expect((await report(busy, offers[0]!, { reason: 'negotiation' })).json().errors[0].code).toBe(
      'ALREADY_REPORTED',
    );
  });

  it('should free a slot 24 hours after the oldest report of the window', async () => {
    const db = t.database.db;
    const user = t.client();
    const userId = (await user.register('r_clock')).id;
    let clock = new Date('2030-01-01T10:00:00Z');
    const service = createReportsService({ db, config: { reports: { maxPerDay: 2 } }, now: () => clock });
    await service.report(userId, offers[0]!, { reason: 'other', message: 'first' });
    clock = new Date('2030-01-01T12:00:00Z');
    await service.report(userId, offers[1]!, { reason: 'obvious_scam', message: '' });
    clock = new Date('2030-01-02T09:59:59Z');
    await expect(
      service.report(userId, offers[2]!, { reason: 'obvious_scam', message: '' }),
    ).rejects.toMatchObject({ status: 429, headers: { 'retry-after': '1' } });
    clock = new Date('2030-01-02T10:00:01Z');
    await expect(
      service.report(userId, offers[2]!, { reason: 'obvious_scam', message: '' }),
    ).resolves.toMatchObject({
      reported: true,
    });
  });
});
