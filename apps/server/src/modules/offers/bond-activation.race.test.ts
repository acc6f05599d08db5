import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';
import {
  BOND_RACE_ENV,
  bondedOfferBody,
  createBondedOffer,
  expectCleanAnswers,
  expectNoActiveOfferWithoutBond,
  resetRound,
} from '../../../test/bond-race.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger } from '../ledger/index.js';

const REFUSALS = ['OFFER_BOND_INSUFFICIENT', 'BOND_LOCKED', 'BOND_NOT_DEPOSITED'];

/**
 * Issue 10, item 8 on a real server: 10 activations and 10 bond retrievals sent together, repeated, by
 * every way an offer becomes active (status, toggle-all, create as active, edit as active). Without one
 * lock for both sides, a retrieval that saw no active offer and an activation that saw the bond both won.
 */
describe.skipIf(!onPostgres())('bond retrieval racing offer activation (PostgreSQL)', () => {
  let t: TestApp;
  let owner: TestClient;
  let offers: string[];

  beforeAll(async () => {
    t = await createTestApp(BOND_RACE_ENV);
    owner = t.client();
    await owner.register('bond_racer');
    const funded = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      '--user',
      'bond_racer',
      '--crypto',
      'BTC',
      '--amount',
      '1',
    ]);
    expect(funded.exitCode, funded.output).toBe(0);
    offers = [await createBondedOffer(owner, false), await createBondedOffer(owner, false)];
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  const retrieve = () => owner.post('/wallet/retrieve-bond', { crypto_currency_code: 'BTC' });
  const activations: Record<string, (i: number) => ReturnType<TestClient['post']>> = {
    status: (i) => owner.put(`/rest/v1/my-offers/${offers[i % 2]}/status`, { new_status: true }),
    'toggle-all': () => owner.post('/offer-manager/toggle-all-offers-state', { new_status: true }),
    'create as active': () => owner.post('/rest/v1/my-offers', bondedOfferBody({ is_active: true })),
    'edit as active': (i) =>
      owner.put(`/rest/v1/my-offers/${offers[i % 2]}`, bondedOfferBody({ is_active: true })),
  };

  for (const [way, activate] of Object.entries(activations)) {
    it(`should never leave an active offer without its bond (${way}, 10 + 10, 5 rounds)`, async () => {
      for (let round = 0; round < 5; round += 1) {
        const mine = (await owner.get('/rest/v1/my-offers/list')).json().data.offers as {
          idHashed: string;
        }[];
        await resetRound(
          owner,
          mine.map((o) => o.idHashed),
        );
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? activate(i) : retrieve())),
        );
        expectCleanAnswers(answers, REFUSALS);
        await expectNoActiveOfferWithoutBond(owner);
      }
    });
  }
});
