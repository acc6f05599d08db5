import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import {
  BOND_RACE_ENV,
  bondedOfferBody,
  createBondedOffer,
  expectCleanAnswers,
  expectNoActiveOfferWithoutBond,
  resetRound,
} from '../../../test/bond-race.js';
import { runAdminCommand } from '../../cli/commands.js';
import { AppError } from '../../platform/http/errors.js';
import { createCatalogueService } from '../catalogue/index.js';
import { checkLedger, createLedger } from '../ledger/index.js';
import { createKycStandings, DEFAULT_KYC_LEVELS } from '../kyc/index.js';
import { createWalletService, SimulatedChain } from '../wallet/index.js';
import { createOffersService, offersRepository } from './index.js';

/**
 * Issue 10, item 8, on either database: every way an offer becomes active checks the bond, retrieving
 * checks the offers, and the two sent together (PGlite interleaves them between statements) never leave
 * an active offer without its bond. The PostgreSQL race test runs the same under real concurrency.
 */
describe('bond and offer activation', () => {
  let t: TestApp;
  let owner: TestClient;
  let offer: string;
  let ownerId: number;

  beforeAll(async () => {
    t = await createTestApp(BOND_RACE_ENV);
    owner = t.client();
    ownerId = (await owner.register('bond_owner')).id;
    const funded = await runAdminCommand({ db: t.database.db, config: t.config }, [
      'wallet:deposit',
      '--user',
      'bond_owner',
      '--crypto',
      'BTC',
      '--amount',
      '1',
    ]);
    expect(funded.exitCode, funded.output).toBe(0);
    offer = await createBondedOffer(owner, false);
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should refuse each side while the other holds: retrieve under an active offer, activation without bond', async () => {
    await resetRound(owner, [offer]);
    expect((await owner.put(`/rest/v1/my-offers/${offer}/status`, { new_status: true })).statusCode).toBe(
      200,
    );
    const locked = await owner.post('/wallet/retrieve-bond', { crypto_currency_code: 'BTC' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().errors[0].code).toBe('BOND_LOCKED');

    await owner.put(`/rest/v1/my-offers/${offer}/status`, { new_status: false });
    expect((await owner.post('/wallet/retrieve-bond', { crypto_currency_code: 'BTC' })).statusCode).toBe(200);
    const refused = await owner.put(`/rest/v1/my-offers/${offer}/status`, { new_status: true });
    expect(refused.json().errors[0].code).toBe('OFFER_BOND_INSUFFICIENT');
    const all = await owner.post('/offer-manager/toggle-all-offers-state', { new_status: true });
    expect(all.json().data.bondInsufficient).toContain(offer);
    const created = await owner.post('/rest/v1/my-offers', bondedOfferBody({ is_active: true }));
    expect(created.json().data).toMatchObject({ isActive: false, depositInfo: { isBondInsufficient: true } });
    const edited = await owner.put(`/rest/v1/my-offers/${offer}`, bondedOfferBody({ is_active: true }));
    expect(edited.json().data).toMatchObject({ isActive: false, depositInfo: { isBondInsufficient: true } });
    expect(await expectNoActiveOfferWithoutBond(owner)).toEqual({ active: 0, bondComplete: false });
    await owner.put(`/rest/v1/my-offers/${created.json().data.idHashed}/status`, { new_status: false });
  });

  it('should make an activation that arrives between the retrieval’s check and its movement wait', async () => {
    await resetRound(owner, [offer]);
    const db = t.database.db;
    const catalogue = createCatalogueService(db);
    const ledger = createLedger(db);
    const kyc = createKycStandings({ db, levels: DEFAULT_KYC_LEVELS });
    const offers = createOffersService({
      db,
      catalogue,
      rates: t.app.rates,
      ledger,
      wallet: t.app.wallet,
      kyc,
      config: t.config,
    });
    let activation: Promise<unknown> | undefined;
    // The retrieval's own wallet, whose "any active bonded offer?" check lets the activation in right
    // then (not awaited: with the lock it must wait for the retrieval's transaction to end).
    const wallet = createWalletService({
      db,
      ledger,
      catalogue,
      rates: t.app.rates,
      kyc,
      chain: new SimulatedChain(t.config.wallet.confirmations),
      config: t.config,
      hooks: {
        hasActiveBondOffers: async (userId, cryptoCode, dbOrTx = db) => {
          activation ??= offers.setStatus(userId, offer, true).catch((error: unknown) => error);
          return offersRepository.hasActiveInGroups(dbOrTx, userId, cryptoCode, await offers.bondGroupIds());
        },
      },
    });
    await wallet.retrieveBond(ownerId, 'BTC');
    const refused = await activation;
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('OFFER_BOND_INSUFFICIENT');
    expect(await expectNoActiveOfferWithoutBond(owner)).toEqual({ active: 0, bondComplete: false });
  });

  it('should keep the invariant when 10 activations and 10 retrievals arrive together', async () => {
    for (let round = 0; round < 3; round += 1) {
      await resetRound(owner, [offer]);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? owner.put(`/rest/v1/my-offers/${offer}/status`, { new_status: true })
            : owner.post('/wallet/retrieve-bond', { crypto_currency_code: 'BTC' }),
        ),
      );
      expectCleanAnswers(answers, ['OFFER_BOND_INSUFFICIENT', 'BOND_LOCKED', 'BOND_NOT_DEPOSITED']);
      await expectNoActiveOfferWithoutBond(owner);
    }
  });
});
