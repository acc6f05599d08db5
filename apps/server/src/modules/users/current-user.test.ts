import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, initialStateSchema, type CurrentUser } from '@app/contract';
import { createTestApp, sellOfferBody, type TestApp, type TestClient } from '../../../test/helpers.js';
import { runAdminCommand } from '../../cli/commands.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/**
 * `hasActiveTrades` in every answer that presents the logged-in user: the web starts its active-trade
 * polling from it on page load, so it must be true while a trade holds escrow and false once none does.
 */
describe('the current user', () => {
  let t: TestApp;
  let seller: TestClient;
  let offerHash: string;

  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };

  /** The flag as each place that presents the current user answers it. */
  async function flagsOf(client: TestClient, username: string) {
    const shell = await client.get('/trade-history', { headers: { accept: 'text/html' } });
    expect(shell.statusCode).toBe(200);
    const embedded = /window\.__INITIAL_STATE__=(.*?);<\/script>/.exec(shell.body)?.[1];
    const fromShell = initialStateSchema.parse(JSON.parse(embedded ?? 'null')).currentUser;
    const fromState = initialStateSchema.parse(
      ok(await client.get('/rest/v1/app/initial-state')),
    ).currentUser;
    const fromEndpoint: CurrentUser = currentUserSchema.parse(
      ok(await client.get('/rest/v1/users/current_user')),
    );
    const login = t.client();
    const fromLogin = currentUserSchema.parse(ok(await login.login(username)));
    return {
      shell: fromShell?.hasActiveTrades,
      initialState: fromState?.hasActiveTrades,
      currentUser: fromEndpoint.hasActiveTrades,
      login: fromLogin.hasActiveTrades,
    };
  }
  const all = (value: boolean) => ({ shell: value, initialState: value, currentUser: value, login: value });

  beforeAll(async () => {
    t = await createTestApp();
    seller = t.client();
    await seller.register('cu_seller');
    const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
    expect(
      (await admin('wallet:deposit', '--user', 'cu_seller', '--crypto', 'BTC', '--amount', '1')).exitCode,
    ).toBe(0);
    offerHash = ok(
      await seller.post('/rest/v1/my-offers', sellOfferBody({ offer_terms: 'Pay from your own account.' })),
      201,
    ).idHashed;
  });
  afterAll(async () => {
    await t.close();
  });

  it('should say so while a trade runs, for both parties, and stop once it ended', async () => {
    const buyer = t.client();
    const registered = currentUserSchema.parse(
      ok(
        await buyer.post('/rest/v1/auth/register', {
          username: 'cu_buyer',
          email: 'cu_buyer@example.com',
          password: 'Str0ng-pass!',
        }),
        201,
      ),
    );
    expect(registered.hasActiveTrades).toBe(false);
    await buyer.fetchCsrfToken();
    expect(await flagsOf(buyer, 'cu_buyer')).toEqual(all(false));
    expect(await flagsOf(seller, 'cu_seller')).toEqual(all(false));

    const trade = ok(
      await buyer.post('/rest/v1/trade/start', { offer_hash: offerHash, fiat_amount: '20' }),
      201,
    );
    expect(await flagsOf(buyer, 'cu_buyer')).toEqual(all(true));
    expect(await flagsOf(seller, 'cu_seller')).toEqual(all(true));

    // Paid still holds the escrow.
    ok(await buyer.post(`/rest/v1/trade/${trade.id}/paid`));
    expect(await flagsOf(seller, 'cu_seller')).toEqual(all(true));

    ok(await seller.post(`/rest/v1/trade/${trade.id}/release`));
    expect(await flagsOf(buyer, 'cu_buyer')).toEqual(all(false));
    expect(await flagsOf(seller, 'cu_seller')).toEqual(all(false));
  });

  it('should be false after the buyer cancels, and only for the users of the trade', async () => {
    const buyer = t.client();
    await buyer.register('cu_canceller');
    const bystander = t.client();
    await bystander.register('cu_bystander');
    const trade = ok(
      await buyer.post('/rest/v1/trade/start', { offer_hash: offerHash, fiat_amount: '15' }),
      201,
    );
    expect(await flagsOf(buyer, 'cu_canceller')).toEqual(all(true));
    expect(await flagsOf(bystander, 'cu_bystander')).toEqual(all(false));
    ok(await buyer.post(`/rest/v1/trade/${trade.id}/cancel`));
    expect(await flagsOf(buyer, 'cu_canceller')).toEqual(all(false));
    expect(await flagsOf(seller, 'cu_seller')).toEqual(all(false));
  });
});
