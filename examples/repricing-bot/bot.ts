import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createMarketClient, type ErrorEnvelope, type MarketClient } from '@app/client';

/**
 * An example bot on `@app/client` (README.md beside this file): every INTERVAL_SECONDS it keeps one offer
 * just ahead of the best competing offer in its market, within a margin floor and ceiling, and it
 * releases a trade's escrow when its operator tells it to (`release <trade hash> [two-factor code]` on
 * standard input, or `releaseWhenTold()` from code). It never releases on its own: only a person can
 * tell that the fiat arrived.
 */

export type BotConfig = {
  /** The marketplace's address, e.g. `https://p2p.example.com`. */
  baseUrl: string;
  /** An API key with the scopes `read`, `offers` (repricing) and `trade` (releasing). */
  apiKey: string;
  /** The offer to keep at the top (its hash, as in `/offer/<hash>`). */
  offerHash: string;
  /** The margin may not go below this, in percent (`-2` is 2 % under the market price). */
  marginMin: number;
  /** ... nor above this. */
  marginMax: number;
  /** How far ahead of the best competitor to stand, in percentage points of margin. */
  marginStep: number;
  intervalSeconds: number;
};

/** A competing offer and its margin (a fixed-price offer's margin is worked out from its price). */
export type Competitor = { hash: string; username: string; margin: number };

export type RepriceResult = { margin: string | null; changed: boolean; competitor: Competitor | null };

/** An answer from the API that was not a success: its status and the first error's code. */
export class MarketApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The configuration from MARKET_URL, MARKET_API_KEY, OFFER_HASH, MARGIN_MIN, MARGIN_MAX, ... */
export function configFromEnv(env: NodeJS.ProcessEnv): BotConfig {
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required (see examples/repricing-bot/README.md)`);
    return value;
  };
  const numberOf = (name: string, fallback?: number) => {
    const value = env[name] ? Number(env[name]) : fallback;
    if (value === undefined || !Number.isFinite(value)) throw new Error(`${name} must be a number`);
    return value;
  };
  const config = {
    baseUrl: required('MARKET_URL'),
    apiKey: required('MARKET_API_KEY'),
    offerHash: required('OFFER_HASH'),
    marginMin: numberOf('MARGIN_MIN'),
    marginMax: numberOf('MARGIN_MAX'),
    marginStep: numberOf('MARGIN_STEP', 0.01),
    intervalSeconds: numberOf('INTERVAL_SECONDS', 60),
  };
  if (config.marginMin > config.marginMax) throw new Error('MARGIN_MIN must not be above MARGIN_MAX');
  return config;
}

/** Margins in ten-thousandths of a percent: the server keeps four decimals, and floats would drift. */
const UNITS = 10_000;
const unitsOf = (margin: number) => Math.round(margin * UNITS);
/** A margin as the server takes it and as the log shows it: `1.49`, `-2`, `0.0125`. */
const marginText = (units: number) =>
  (units / UNITS).toFixed(4).replace(/0+$/, '').replace(/\.$/, '').replace(/^-0$/, '0');

/** The server answers margins with four decimals (`1.4900`); the log shows them short. */
const shown = (margin: string | null) =>
  margin === null ? 'fixed price' : `${marginText(unitsOf(Number(margin)))}%`;

/** The body of a successful answer, or a MarketApiError carrying the server's error code. */
async function ok<T>(
  call: Promise<{ data?: { data: T }; error?: ErrorEnvelope; response: Response }>,
  what: string,
): Promise<T> {
  const { data, error, response } = await call;
  if (data) return data.data;
  const first = error?.errors[0];
  throw new MarketApiError(
    response.status,
    first?.code,
    `${what}: ${response.status} ${first?.code ?? ''} ${first?.message ?? ''}`.trim(),
  );
}

export function createRepricingBot(
  config: BotConfig,
  options: { client?: MarketClient; log?: (line: string) => void } = {},
) {
  const market = options.client ?? createMarketClient({ baseUrl: config.baseUrl, apiKey: config.apiKey });
  const log = options.log ?? ((line: string) => console.log(`${new Date().toISOString()} ${line}`));
  const hash = config.offerHash;

  /** One pass: find the best competitor in my offer's market and set my margin just ahead of it. */
  async function repriceOnce(): Promise<RepriceResult> {
    // The public offer page names the market (side, coin, currency, method) and the rates it is priced at.
    const { offer } = await ok(
      market.GET('/rest/v1/offers/{id}', { params: { path: { id: hash } } }),
      'offer',
    );
    // Buyers browse sell offers cheapest first, sellers browse buy offers dearest first.
    const selling = offer.type === 'sell';
    const page = await ok(
      market.GET('/rest/v1/offers', {
        params: {
          query: {
            type: selling ? 'buy' : 'sell',
            crypto_currency_id: offer.cryptoCurrencyId,
            currency: offer.fiatCurrency.code,
            ...(offer.paymentMethod.slug ? { 'payment-method': offer.paymentMethod.slug } : {}),
          },
        },
      }),
      'market search',
    );
    const best = page.offers.find((o) => o.owner.username !== offer.ownerUsername);
    if (!best) {
      log(`no competing offer in the market; margin stays ${shown(offer.margin)}`);
      return { margin: offer.margin, changed: false, competitor: null };
    }
    const marketPrice = Number(offer.altCoin.rate) * Number(offer.fiatCurrency.rate.usd);
    const bestMargin =
      best.margin !== null ? Number(best.margin) : (Number(best.pricePerBtc) / marketPrice - 1) * 100;
    if (!Number.isFinite(bestMargin)) {
      log(`cannot price competitor ${best.hash} (no market rate now); trying again next time`);
      return { margin: offer.margin, changed: false, competitor: null };
    }
    const competitor = { hash: best.hash, username: best.owner.username, margin: bestMargin };
    const against = `${competitor.username} at ${marginText(unitsOf(bestMargin))}%`;

    const wanted = unitsOf(bestMargin) + (selling ? -1 : 1) * unitsOf(config.marginStep);
    const target = Math.min(Math.max(wanted, unitsOf(config.marginMin)), unitsOf(config.marginMax));
    const bound = target === wanted ? '' : ` (held at the ${selling ? 'floor' : 'ceiling'})`;
    if (offer.margin !== null && unitsOf(Number(offer.margin)) === target) {
      log(`margin ${shown(offer.margin)} already right against ${against}${bound}`);
      return { margin: offer.margin, changed: false, competitor };
    }
    const updated = await ok(
      market.PUT('/rest/v1/my-offers/{hash}/margin', {
        params: { path: { hash } },
        body: { new_margin: marginText(target) },
      }),
      'set margin',
    );
    log(`margin ${shown(offer.margin)} -> ${shown(updated.margin)} (best competitor ${against})${bound}`);
    return { margin: updated.margin, changed: true, competitor };
  }

  /** Logs my trades whose buyer says they paid: the operator checks the account, then says `release`. */
  async function reportPaidTrades(): Promise<string[]> {
    const { trades } = await ok(market.GET('/rest/v1/trade/active'), 'active trades');
    const paid = trades.filter((t) => t.role === 'seller' && t.status === 'paid');
    for (const t of paid) {
      log(
        `trade ${t.id}: ${t.counterparty.username} says they paid ${t.fiatAmount} ${t.fiatCurrencyCode}; ` +
          `check your account, then type: release ${t.id}`,
      );
    }
    return paid.map((t) => t.id);
  }

  /**
   * Releases the trade's escrow to its buyer (irreversible). `code` is the two-factor code, needed only
   * when the account has two-factor authentication on for releases (else 403 TWO_FACTOR_REQUIRED).
   */
  async function releaseWhenTold(tradeHash: string, code?: string): Promise<boolean> {
    const id = { params: { path: { id: tradeHash } } };
    const trade = await ok(market.GET('/rest/v1/trade/{id}', id), `trade ${tradeHash}`);
    if (!trade.availableActions.includes('release')) {
      log(`trade ${tradeHash} is ${trade.status} (I am its ${trade.role}): nothing to release`);
      return false;
    }
    try {
      const released = await ok(
        market.POST('/rest/v1/trade/{id}/release', { ...id, body: code ? { code } : {} }),
        `release ${tradeHash}`,
      );
      log(
        `trade ${tradeHash} ${released.status}: ${released.buyerReceives} ${released.cryptoCurrencyCode} to ${released.buyer.username}`,
      );
      return true;
    } catch (error) {
      if (error instanceof MarketApiError && error.code === 'TWO_FACTOR_REQUIRED') {
        log(`trade ${tradeHash} needs your two-factor code: release ${tradeHash} <code>`);
        return false;
      }
      throw error;
    }
  }

  /** One line from the operator: `release <trade hash> [code]` or `reprice`. */
  async function command(line: string): Promise<void> {
    const [verb, argument, code] = line.trim().split(/\s+/);
    if (verb === 'release' && argument) await releaseWhenTold(argument, code);
    else if (verb === 'reprice') await repriceOnce();
    else if (verb) log('commands: release <trade hash> [two-factor code] | reprice');
  }

  return { repriceOnce, reportPaidTrades, releaseWhenTold, command };
}

/** Errors are logged and the loop goes on: a network blip or a 429 must not stop the bot. */
const report = (what: string) => (error: unknown) =>
  console.error(
    `${new Date().toISOString()} ${what} failed: ${error instanceof Error ? error.message : error}`,
  );

async function main() {
  const config = configFromEnv(process.env);
  const bot = createRepricingBot(config);
  readline
    .createInterface({ input: process.stdin })
    .on('line', (line) => void bot.command(line).catch(report(line.trim())));
  console.log(
    `repricing offer ${config.offerHash} every ${config.intervalSeconds} s; type "release <trade hash>"`,
  );
  for (;;) {
    await bot.repriceOnce().catch(report('repricing'));
    await bot.reportPaidTrades().catch(report('reading my trades'));
    await new Promise((resolve) => setTimeout(resolve, config.intervalSeconds * 1000));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
