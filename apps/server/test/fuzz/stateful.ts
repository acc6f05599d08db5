import { sql } from 'drizzle-orm';
import { totpCode } from '../../src/modules/two-factor/totp.js';
import { fixtureWebhook, verificationOf, type Market } from '../fixtures/market.js';
import type { TestApp, TestClient } from '../helpers.js';
import type { Operation } from './openapi.js';

/**
 * Operations no account can succeed at yet, and why. The "every operation succeeds for someone" check
 * of the snake-case test skips them; every other answer rule still applies.
 */
export const CANNOT_SUCCEED_YET: Readonly<Record<string, string>> = {
  'POST /auth/push-phone-code': 'there is no mobile app to push to (decision 0028)',
  // The fuzzed app runs the default manual review; kyc-provider.test.ts drives these against a fake service.
  'POST /rest/v3/kyc/verifications/sumsub/start': 'no identity service is configured (decision 0041)',
  'POST /rest/v3/kyc/verifications/sumsub/mark-pending': 'no identity service is configured (decision 0041)',
  'POST /rest/v3/kyc/verifications/sumsub/callback': 'no identity service is configured (decision 0041)',
};

/** The number the fuzz tests verify (a valid Spanish mobile). */
export const FUZZ_PHONE = '+34612345678';

/**
 * What a state-changing call needs at the moment it runs: the code to send, or a browser of its own
 * (used in place of the anonymous visitor's).
 */
export type StatefulFixture = { code?: string; client?: TestClient };

const rowsOf = async <T>(t: TestApp, query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Some calls change the state the next one needs (two-factor setup before enable, enabled before disable)
 * or would spoil the fixture for the calls after them (renaming the buyer, closing an account). Before
 * each, this puts an account in the state the call needs and leaves what to send in `m.stateful`;
 * `settle` puts the parties back as the fixture made them (the seller without two-factor, so trades and
 * withdrawals ask for no code, and with an unverified address; both under their own names).
 */
export function statefulSteps(t: TestApp, m: Market) {
  const seller = m.seller.c;
  const off = async () => {
    await t.database.db.execute(sql`DELETE FROM user_two_factor WHERE user_id = ${m.seller.id}`);
  };
  const withApp = async () => {
    await off();
    const setup = (await seller.post('/rest/v1/users/two-factor/totp/setup')).json().data as {
      secret: string;
    };
    const enabled = await seller.post('/rest/v1/users/two-factor/totp/enable', {
      code: totpCode(setup.secret, new Date()),
    });
    return (enabled.json().data as { recoveryCodes: string[] }).recoveryCodes;
  };
  const verifiedAddress = async () => {
    await t.database.db.execute(sql`UPDATE users SET is_email_verified = true WHERE id = ${m.seller.id}`);
    await t.database.db.execute(
      sql`DELETE FROM one_time_codes WHERE user_id = ${m.seller.id} AND purpose = 'step_up'`,
    );
  };

  const verifiedPhone = async () => {
    await t.database.db.execute(
      sql`UPDATE users SET phone = ${FUZZ_PHONE}, phone_verified_at = now() WHERE id = ${m.seller.id}`,
    );
    await t.database.db.execute(
      sql`DELETE FROM one_time_codes WHERE user_id = ${m.seller.id} AND purpose = 'step_up'`,
    );
  };

  /** The reviewee's verification in review, new (the one before it is set aside). */
  const freshReview = async () => {
    await t.database.db.execute(sql`UPDATE verification_requests SET status = 'expired'
      WHERE user_id = ${m.reviewee.id} AND status = 'pending'`);
    const review = await verificationOf(m.reviewee, true);
    m.reviewRequestId = review.requestId;
    m.reviewDocumentId = review.documentId;
  };

  const companyBuyer = async () => {
    const answer = await m.buyer.c.post('/rest/v1/users/corporate-accounts/convert-to-corporate', {
      legal_name: 'Fuzz Trading S.L.',
      registration_number: 'B12345678',
      country_iso3: 'ESP',
    });
    if (answer.statusCode !== 200) throw new Error(`convert-to-corporate: ${answer.body}`);
  };

  const steps: Record<string, () => Promise<void>> = {
    'PUT /rest/v1/users/two-factor': async () => {
      m.stateful.code = (await withApp())[0];
    },
    'POST /rest/v1/users/two-factor/totp/setup': off,
    'POST /rest/v1/users/two-factor/totp/enable': async () => {
      await off();
      await seller.post('/rest/v1/users/two-factor/totp/setup');
      const [row] = await rowsOf<{ pending_secret: string }>(
        t,
        sql`SELECT pending_secret FROM user_two_factor WHERE user_id = ${m.seller.id}`,
      );
      m.stateful.code = totpCode(row!.pending_secret, new Date());
    },
    'POST /rest/v1/users/two-factor/email/enable': async () => {
      await off();
      await verifiedAddress();
      await seller.post('/auth/send-email-code');
      const [mail] = await rowsOf<{ body_text: string }>(
        t,
        sql`SELECT body_text FROM outbox_messages WHERE user_id = ${m.seller.id} AND template = 'security_code'
          ORDER BY id DESC LIMIT 1`,
      );
      m.stateful.code = /\b(\d{6})\b/.exec(mail!.body_text)![1];
    },
    'POST /rest/v1/users/two-factor/totp/disable': async () => {
      m.stateful.code = (await withApp())[0];
    },
    'POST /rest/v1/auth/login/two-factor': async () => {
      m.stateful.code = (await withApp())[0];
      const browser = t.client();
      await browser.fetchCsrfToken();
      await browser.post('/rest/v1/auth/login', { login: m.seller.name, password: m.password });
      m.stateful.client = browser;
    },
    'POST /auth/send-email-code': verifiedAddress,
    'POST /auth/send-phone-code': () => verifiedPhone(),
    'POST /auth/call-phone-code': () => verifiedPhone(),
    // The code the number just received (the seller asked last, so the seller confirms).
    'POST /rest/v1/users/confirm-phone': async () => {
      const [sms] = await rowsOf<{ body_text: string }>(
        t,
        sql`SELECT body_text FROM outbox_messages WHERE recipient = ${FUZZ_PHONE} ORDER BY id DESC LIMIT 1`,
      );
      m.stateful.code = /\b(\d{6})\b/.exec(sms?.body_text ?? '')?.[1];
    },
    // A verified address changes with a code mailed to it.
    'POST /rest/v1/user-verification/email/change': async () => {
      await verifiedAddress();
      await seller.post('/auth/send-email-code');
      const [mail] = await rowsOf<{ body_text: string }>(
        t,
        sql`SELECT body_text FROM outbox_messages WHERE user_id = ${m.seller.id} AND template = 'security_code'
          ORDER BY id DESC LIMIT 1`,
      );
      m.stateful.code = /\b(\d{6})\b/.exec(mail!.body_text)![1];
    },
    'POST /rest/v1/users/set-username': async () => undefined,
    // The video call is offered to whom staff invite (both parties try it).
    'POST /account/verification/video/upload': async () => {
      await t.database.db.execute(sql`INSERT INTO user_kyc (user_id, video_status)
        VALUES (${m.buyer.id}, 'allowed'), (${m.seller.id}, 'allowed')
        ON CONFLICT (user_id) DO UPDATE SET video_status = 'allowed'`);
      await t.database.db.execute(
        sql`UPDATE verification_requests SET status = 'expired' WHERE type = 'video' AND status = 'pending'`,
      );
    },
    // The webhook's calls need one (DELETE and a fuzzed save change it): the fixture's, made again.
    ...Object.fromEntries(
      [
        'POST /rest/v1/webhooks/verify',
        'POST /rest/v1/webhooks/events',
        'POST /rest/v1/webhooks/secret',
        'GET /rest/v1/webhooks/deliveries',
        'POST /rest/v1/webhooks/deliveries/{id}/resend',
      ].map((id) => [id, () => fixtureWebhook(t, m.seller.id, m.webhookDeliveryId).then(() => undefined)]),
    ),
    // Each decision ends the request it decides: a fresh one in review for every call.
    'POST /rest/v1/admin/verifications/{id}/approve': freshReview,
    'POST /rest/v1/admin/verifications/{id}/deny': freshReview,
    'POST /rest/v1/admin/verifications/{id}/documents/{documentId}/reject': freshReview,
    // A company's calls need a company: the buyer applies first (converting back ends it).
    'POST /rest/v1/users/postpone-company-verification': () => companyBuyer(),
    'POST /rest/v1/users/corporate-accounts/convert-to-personal': () => companyBuyer(),
    // An account of its own to close (the parties have trades and money, which refuse it anyway).
    'POST /rest/v1/users/close': async () => {
      const closing = t.client();
      await closing.register(`${m.seller.name.slice(0, 12)}cl${Date.now() % 100000}`, m.password);
      m.stateful.client = closing;
    },
  };

  return {
    async prepare(operation: Operation) {
      await steps[operation.id]?.();
    },
    async settle(operation: Operation) {
      if (!steps[operation.id]) return;
      await off();
      // The fixture's seller: their own address, not verified (the e-mail verification calls come later),
      // no phone (the phone calls verify one of their own).
      await t.database.db.execute(
        sql`UPDATE users SET email = ${`${m.seller.name}@example.com`}, is_email_verified = false,
          phone = NULL, phone_verified_at = NULL WHERE id = ${m.seller.id}`,
      );
      // The parties keep their names (other calls send them) and their one rename.
      for (const party of [m.buyer, m.seller]) {
        await t.database.db.execute(
          sql`UPDATE users SET username = ${party.name}, username_changed = false WHERE id = ${party.id}`,
        );
      }
      m.stateful = {};
    },
  };
}
