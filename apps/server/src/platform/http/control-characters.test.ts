import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { INVALID_CHARACTERS_CODE, REALTIME_PATH } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import {
  createMarket,
  MARKET_ENV,
  multipartBody,
  sendMultipart,
  smallPng,
  type Market,
} from '../../../test/fixtures/market.js';

type Response = Awaited<ReturnType<TestClient['post']>>;

/**
 * Control characters in text (issue 10, item 4): PostgreSQL refuses NUL in text, so each of these used
 * to answer 500. Every text input now refuses them in the contract with a 422 naming the field; the
 * calls go to real objects (a trade, an offer, feedback) so they would reach the database otherwise.
 */
describe('control characters in text inputs', () => {
  let t: TestApp;
  let m: Market;

  const refusedOn = (response: Response, field: string) => {
    expect(response.statusCode, response.body).toBe(422);
    const error = response.json().errors[0] as { code: string; details: { field: string; code: string }[] };
    expect(error.code).toBe('ERROR_INPUT_VALIDATION');
    expect(error.details).toContainEqual(expect.objectContaining({ field, code: INVALID_CHARACTERS_CODE }));
  };

  // The market fixture makes ~25 calls (two password hashes): slow on a loaded machine.
  beforeAll(async () => {
    t = await createTestApp(MARKET_ENV);
    m = await createMarket(t, 'cc');
  }, 180_000);
  afterAll(() => t.close());

  it.each(['\u0000', '\u0001', '\u001b[2J', '\u007f', '\ud800'])(
    'should refuse %j in a chat message with 422 on text',
    async (bad) => {
      refusedOn(
        await m.buyer.c.post(`/rest/v1/trade/${m.activeTrade}/messages`, { text: `hi${bad}` }),
        'text',
      );
    },
  );

  it('should keep line breaks, tabs, emoji, RTL and combining marks in a chat message as written', async () => {
    const text = 'Paid 👍🏽\r\n\tRef: مرحبا שלום e\u0301';
    const response = await m.buyer.c.post(`/rest/v1/trade/${m.activeTrade}/messages`, { text });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.text).toBe(text);
  });

  it.each(['offer_terms', 'trade_details', 'payment_method_label'])(
    'should refuse NUL in the offer field %s',
    async (field) => {
      const response = await m.seller.c.post('/rest/v1/my-offers', {
        type: 'sell',
        crypto_currency_code: 'BTC',
        fiat_currency_code: 'USD',
        payment_method: 'bank-transfer',
        margin: '0',
        range_min: '10',
        range_max: '500',
        [field]: 'Bank\u0000transfer',
      });
      refusedOn(response, field);
    },
  );

  it('should refuse a line break in a single-line offer label', async () => {
    const response = await m.seller.c.put(`/rest/v1/my-offers/${m.offerHash}`, {
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '0',
      range_min: '10',
      range_max: '500',
      payment_method_label: 'Fast\nbank',
    });
    refusedOn(response, 'payment_method_label');
  });

  it('should refuse NUL in feedback and in a reply', async () => {
    refusedOn(
      await m.seller.c.post(`/rest/v1/feedback/${m.releasedTrade}/give`, {
        rating: 'positive',
        message: 'Great\u0000',
      }),
      'message',
    );
    refusedOn(
      await m.seller.c.post(`/rest/v1/feedback/${m.releasedTrade}/reply`, { message: 'Thanks\u0000' }),
      'message',
    );
  });

  it('should refuse NUL in a dispute reason text', async () => {
    refusedOn(
      await m.buyer.c.post(`/rest/v1/trade/${m.disputableTrade}/dispute`, {
        dispute_reason_id: 3,
        dispute_reason_text: 'The seller\u0000 is silent',
      }),
      'dispute_reason_text',
    );
  });

  it('should refuse NUL in an offer report message', async () => {
    refusedOn(
      await m.buyer.c.post(`/rest/v1/offers/${m.offerHash}/report`, {
        reason: 'other',
        message: 'scam\u0000',
      }),
      'message',
    );
  });

  it('should refuse NUL in a login and a withdrawal recipient', async () => {
    refusedOn(
      await t.client().post('/rest/v1/auth/login', { login: 'cc_buyer\u0000', password: 'x' }),
      'login',
    );
    refusedOn(
      await m.seller.c.post('/rest/v2/wallet/withdraw', {
        crypto_currency_code: 'BTC',
        amount: '0.01',
        username: 'cc_buyer\u0000',
      }),
      'username',
    );
  });

  it('should refuse NUL in path parameters', async () => {
    refusedOn(await t.client().get('/rest/v1/users/%00'), 'username');
    refusedOn(await t.client().get('/rest/v1/users/cc_seller%00/active-offers'), 'username');
    refusedOn(await t.client().get('/rest/v2/payment-methods/bank%00transfer'), 'slug');
  });

  it('should refuse NUL in query values', async () => {
    refusedOn(await t.client().get('/rest/v1/offers?group=%00'), 'group');
    refusedOn(await t.client().get('/rest/v1/tags?payment-method=%00'), 'payment-method');
  });

  it('should store a file whose name holds control characters under a clean name', async () => {
    const response = await sendMultipart(
      m.buyer.c,
      `/rest/v1/trade/${m.activeTrade}/attachments`,
      multipartBody({ filename: 're\u0000ce\u001bipt\u0007.png', type: 'image/png', data: await smallPng() }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.originalName).toBe('receipt.png');
  });

  it('should answer a typing frame with NUL with an error frame and keep the socket working', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const login = await t.client().login(m.buyer.name, m.password);
    expect(login.statusCode).toBe(200);
    const sid = login.cookies.find((c) => c.name === 'sid')!.value;
    const frames: { type: string; code?: string }[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, {
      headers: { cookie: `sid=${sid}` },
      origin: `http://127.0.0.1:${port}`,
    });
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as { type: string; code?: string }));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const until = async (check: () => boolean, what: string) => {
      const deadline = Date.now() + 5_000;
      while (!check()) {
        if (Date.now() > deadline) {
          throw new Error(`timed out waiting for ${what}: ${JSON.stringify(frames)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    try {
      await until(() => frames.some((f) => f.type === 'ready'), 'ready');
      ws.send(JSON.stringify({ type: 'typing', tradeHash: `${m.activeTrade}\u0000` }));
      await until(() => frames.some((f) => f.type === 'error'), 'the refusal');
      expect(frames.find((f) => f.type === 'error')).toMatchObject({ code: 'ERROR_INPUT_VALIDATION' });
      ws.send(JSON.stringify({ type: 'ping' }));
      await until(() => frames.some((f) => f.type === 'pong'), 'pong');
    } finally {
      ws.terminate();
    }
  });
});
