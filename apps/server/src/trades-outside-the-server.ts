import type { Config } from './platform/config.js';
import type { Db } from './platform/db/client.js';
import type { EventBus } from './platform/events/bus.js';
import { createCatalogueService } from './modules/catalogue/index.js';
import { createKycStandings, loadKycLevels } from './modules/kyc/index.js';
import { createLedger } from './modules/ledger/index.js';
import { createOffersService } from './modules/offers/index.js';
import { createRatesProvider, createRatesService } from './modules/rates/index.js';
import { recordLiveMessages } from './modules/trade-records/index.js';
import { createTradesService } from './modules/trades/index.js';
import { chainFromConfig, createWalletService } from './modules/wallet/index.js';

/**
 * The trades service as the application builds it (app.ts), from a database and the configuration, for
 * code that runs without the HTTP server: the admin commands and the demo history seed. The same rules
 * and state machine as the API; `now` lets the seed run it on a clock it moves.
 */
export function tradesOutsideTheServer(input: {
  db: Db;
  config: Config;
  events: EventBus;
  now?: () => Date;
}) {
  const { db, config, events, now } = input;
  const ledger = createLedger(db);
  const chain = chainFromConfig(config);
  // The coins the server trades, as in app.ts: a coin switched off (CHAIN_XMR=off) is not offered here either.
  const catalogue = createCatalogueService(db, { isCryptoEnabled: (code) => chain.supports(code) });
  const rates = createRatesService({
    db,
    provider: createRatesProvider(config),
    tickSeconds: config.rates.tickSeconds,
  });
  const kyc = createKycStandings({ db, levels: loadKycLevels(config.kyc.levelsFile) });
  const wallet = createWalletService({
    db,
    ledger,
    catalogue,
    rates,
    kyc,
    chain,
    config,
  });
  const offers = createOffersService({ db, catalogue, rates, ledger, wallet, kyc, config });
  const trades = createTradesService({
    db,
    ledger,
    catalogue,
    rates,
    wallet,
    offers,
    events,
    kyc,
    recordMessages: recordLiveMessages,
    config,
    ...(now ? { now } : {}),
  });
  return { ledger, catalogue, trades };
}
