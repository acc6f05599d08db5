import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signedHeaders } from './signing.js';

describe('webhook signing (Standard Webhooks)', () => {
  it("should sign so that the library's own verifier accepts the exact body and nothing else", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: 'trade.paid', data: { id: 'abc', note: 'ünïcödé "quoted"' } });
    const headers = signedHeaders(secret, 'msg_1', new Date(), body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));

    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
  });

  it('should be refused by the verifier once its timestamp is too old (a replay)', () => {
    const secret = newWebhookSecret();
    const body = '{"type":"trade.released"}';
    const old = signedHeaders(secret, 'msg_old', new Date(Date.now() - 10 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/timestamp/i);
  });

  it('should make a different secret every time', () => {
    expect(new Set(Array.from({ length: 50 }, newWebhookSecret)).size).toBe(50);
  });
});
