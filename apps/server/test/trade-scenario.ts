import { expect } from 'vitest';
import { runAdminCommand } from '../src/cli/commands.js';
import { sellOfferBody, type TestApp, type TestClient } from './helpers.js';
import { multipart, png } from './uploads.js';

export type Party = { c: TestClient; id: number; name: string };

/**
 * Small steps for tests that need a running trade (wallet, bonds, disputes): register, fund through the
 * simulated chain, publish a sell offer, start, mark paid, open a dispute. Each step asserts its answer,
 * so a failing setup says where. Pass `TRADE_DISPUTE_AFTER_PAID_MINUTES: '0'` to open disputes at once.
 */
export function tradeScenario(t: TestApp) {
  let n = 0;
  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);

  return {
    admin,

    async party(prefix: string): Promise<Party> {
      n += 1;
      const c = t.client();
      const name = `${prefix}${n}`;
      const { id } = await c.register(name);
      return { c, id, name };
    },

    /** A staff member created by the operator's command (role moderator, supermod or admin), logged in. */
    async staffMember(name: string, role: 'moderator' | 'supermod' | 'admin'): Promise<Party> {
      const created = await admin(
        'user:create',
        ...[
          '--username',
          name,
          '--email',
          `${name}@example.com`,
          '--password',
          'Str0ng-pass!',
          '--role',
          role,
        ],
      );
      expect(created.exitCode, created.output).toBe(0);
      const c = t.client();
      const login = await c.login(name);
      expect(login.statusCode, login.body).toBe(200);
      return { c, id: login.json().data.id as number, name };
    },

    async fund(name: string, amount: string, crypto = 'BTC') {
      const result = await admin('wallet:deposit', '--user', name, '--crypto', crypto, '--amount', amount);
      expect(result.exitCode, result.output).toBe(0);
    },

    async sellOffer(owner: Party, extra: Record<string, unknown> = {}): Promise<string> {
      const response = await owner.c.post(
        '/rest/v1/my-offers',
        sellOfferBody({
          offer_terms: 'Pay from your own account.',
          trade_details: 'IBAN DE00 1234 5678',
          ...extra,
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.idHashed as string;
    },

    async start(buyer: Party, offerHash: string, fiatAmount = '10') {
      const response = await buyer.c.post('/rest/v1/trade/start', {
        offer_hash: offerHash,
        fiat_amount: fiatAmount,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: string; escrowAmount: string; buyerReceives: string };
    },

    async markPaid(buyer: Party, tradeHash: string) {
      const response = await buyer.c.post(`/rest/v1/trade/${tradeHash}/paid`);
      expect(response.statusCode, response.body).toBe(200);
    },

    /** The buyer opens a dispute ("I paid but the seller does not release"). */
    async openDispute(buyer: Party, tradeHash: string) {
      const response = await buyer.c.post(`/rest/v1/trade/${tradeHash}/dispute`, {
        dispute_reason_id: 2,
        dispute_reason_text: 'Paid from my own account.',
      });
      expect(response.statusCode, response.body).toBe(200);
    },

    /**
     * The party's ID verified through the real flow (decision 0038): a passport started with these names,
     * its front and a selfie uploaded, approved by `reviewer` (a supermod or admin).
     */
    async verifyId(
      party: Party,
      reviewer: Party,
      name: { first: string; middle?: string; last: string } = { first: 'Ana', last: 'García' },
    ) {
      const started = await party.c.post('/account/verification/start/id', {
        issue_country_iso3: 'ESP',
        document_type: 'passport',
        first_name_original: name.first,
        middle_name_original: name.middle ?? '',
        last_name_original: name.last,
        document_number: 'X1234567',
      });
      expect(started.statusCode, started.body).toBe(201);
      const requestId = started.json().data.id as number;
      for (const side of ['front', 'selfie']) {
        const body = multipart([
          { name: 'side', value: side },
          { name: 'file', filename: `${side}.png`, type: 'image/png', data: await png() },
        ]);
        const uploaded = await party.c.request(
          'POST',
          `/rest/v1/verification/requests/${requestId}/documents`,
          body.payload as unknown as Record<string, never>,
          { headers: { 'content-type': body.contentType } },
        );
        expect(uploaded.statusCode, uploaded.body).toBe(200);
      }
      const approved = await reviewer.c.post(`/rest/v1/admin/verifications/${requestId}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
    },

    /** A new buyer starts a trade on the offer, marks it paid and opens a dispute. */
    async disputedTrade(seller: Party, offerHash: string, fiatAmount = '10') {
      const buyer = await this.party('buyer');
      const trade = await this.start(buyer, offerHash, fiatAmount);
      await this.markPaid(buyer, trade.id);
      await this.openDispute(buyer, trade.id);
      return { buyer, trade };
    },
  };
}
