import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_CHART_RANGE,
  DEFAULT_CURRENCY_CODE,
  DEFAULT_LOCALE,
  calculatorCurrencyQuerySchema,
  calculatorCurrencySchema,
  calculatorQuerySchema,
  calculatorSchema,
  cryptoFiatRatesSchema,
  dataEnvelope,
  localeQuerySchema,
  walletCryptoCurrenciesSchema,
  walletRatesQuerySchema,
  walletRatesSchema,
  type ChartRange,
  type Locale,
} from '@app/contract';
import { notFound } from '../../platform/http/errors.js';
import { RATES_CACHE_CONTROL, localizedName, sendCached, type CatalogueService } from '../catalogue/index.js';
import {
  buildCalculatorCurrencies,
  chartPoints,
  convertAmounts,
  percentChange,
  RANGE_SPECS,
  rangeStart,
} from './calculator.js';
import { fiatPerUnit, type RatesService } from './service.js';

export type RatesRoutesOptions = { rates: RatesService; catalogue: CatalogueService };

const notModified = { 304: z.null().describe('Not modified: the copy named by If-None-Match is current') };
const tags = ['rates'];

/**
 * Rates, the wallet's crypto list and the calculator. Answers are cached per rates version (a tick
 * clears them) and per catalogue version, and carry a short Cache-Control with an ETag.
 */
export const ratesRoutes: FastifyPluginAsyncZod<RatesRoutesOptions> = async (app, { rates, catalogue }) => {
  const cache = rates.responses;
  const localeOf = (query: { locale?: Locale }): Locale => query.locale ?? DEFAULT_LOCALE;

  // Chart history per (rates version, range): loaded once per tick, not once per request.
  const historyMemo = new Map<string, Promise<{ bucket: Date; rate: string }[]>>();
  function historyFor(version: number, range: ChartRange) {
    const spec = RANGE_SPECS[range];
    const key = `${version}|${spec.granularity}|${spec.spanMs}`;
    let entry = historyMemo.get(key);
    if (!entry) {
      if (historyMemo.size > 16) historyMemo.clear();
      entry = rates.history('BTC', spec.granularity, rangeStart(range, rates.now()));
      entry.catch(() => historyMemo.delete(key));
      historyMemo.set(key, entry);
    }
    return entry;
  }

  app.get(
    '/rest/v2/crypto-fiat-rates',
    {
      schema: {
        tags,
        summary: 'Every currency with its rate for one USD and for one coin of each crypto',
        description:
          'For every fiat currency: how much of it one USD buys and the price of one coin of each crypto currency in it, from the current market rates (RATES_PROVIDER). Public, with an ETag (304 on If-None-Match); names in `locale`.',
        querystring: localeQuerySchema,
        response: { 200: dataEnvelope(cryptoFiatRatesSchema), ...notModified },
      },
    },
    async (request, reply) => {
      const [view, data] = await Promise.all([rates.view(), catalogue.data()]);
      const locale = localeOf(request.query);
      return sendCached(
        request,
        reply,
        cache,
        `cfr|${view.version}|${data.version}|${locale}`,
        () => {
          const coins = data.cryptos.map((c) => c.code);
          const rateKeys = ['usd', ...coins.map((c) => c.toLowerCase())];
          const currencies = data.currencies
            .filter((c) => view.usdFiat.has(c.code))
            .map((c) => ({
              id: c.id,
              code: c.code,
              name: localizedName(c.names, locale),
              precision: c.precision,
              rate: Object.fromEntries([
                ['usd', fiatPerUnit(view, 'USD', c.code) ?? '0'],
                ...coins.map((coin) => [coin.toLowerCase(), fiatPerUnit(view, coin, c.code) ?? '0']),
              ]) as Record<string, string>,
            }));
          return {
            data: cryptoFiatRatesSchema.parse({
              updatedAt: view.updatedAt.toISOString(),
              rateKeys,
              currencies,
            }),
          };
        },
        RATES_CACHE_CONTROL,
      );
    },
  );

  app.get(
    '/rest/v2/wallet/crypto-currencies',
    {
      schema: {
        tags,
        summary: 'The crypto currencies with their USD rate, and per-code metadata',
        description:
          'The crypto currencies the market trades (BTC, ETH, USDT, ...) with their USD price, decimals and names, and per code whether it is blocked and which offer features it is kept out of. Public, with an ETag (304 on If-None-Match).',
        querystring: localeQuerySchema,
        response: { 200: dataEnvelope(walletCryptoCurrenciesSchema), ...notModified },
      },
    },
    async (request, reply) => {
      const [view, data] = await Promise.all([rates.view(), catalogue.data()]);
      return sendCached(
        request,
        reply,
        cache,
        `wcc|${view.version}|${data.version}`,
        () => ({
          data: walletCryptoCurrenciesSchema.parse({
            cryptoCurrencies: data.cryptos.map((c) => ({
              id: c.id,
              code: c.code,
              urlParam: c.urlParam,
              fullName: c.fullName,
              shortName: c.shortName,
              icon: c.icon,
              formattingDecimalsCount: c.formattingDecimalsCount,
              decimals: c.decimals,
              isStablecoin: c.isStablecoin,
              isBlocked: c.isBlocked,
              rate: view.cryptoUsd.get(c.code) ?? '0',
            })),
            metadata: Object.fromEntries(
              data.cryptos.map((c) => [
                c.code,
                { isBlocked: c.isBlocked, excludedOfferFeatures: c.excludedOfferFeatures },
              ]),
            ),
          }),
        }),
        RATES_CACHE_CONTROL,
      );
    },
  );

  app.get(
    '/rest/v2/wallet/crypto-currencies/rates',
    {
      schema: {
        tags,
        summary: 'Price of each coin in USD and in `currency` (default USD), with the 24-hour change',
        description:
          'The price of each coin in USD and in `currency` (an ISO 4217 code, USD by default), with its change over the last 24 hours. Public, with an ETag (304 on If-None-Match); 404 for a currency without a rate.',
        querystring: walletRatesQuerySchema,
        response: { 200: dataEnvelope(walletRatesSchema), ...notModified },
      },
    },
    async (request, reply) => {
      const [view, data] = await Promise.all([rates.view(), catalogue.data()]);
      const code = (request.query.currency ?? DEFAULT_CURRENCY_CODE).toUpperCase();
      if (!data.currencyByCode.has(code) || !view.usdFiat.has(code)) throw notFound('Currency not found');
      return sendCached(
        request,
        reply,
        cache,
        `wr|${view.version}|${data.version}|${code}`,
        () => ({
          data: walletRatesSchema.parse({
            currency: code,
            updatedAt: view.updatedAt.toISOString(),
            rates: data.cryptos.map((c) => {
              const usd = view.cryptoUsd.get(c.code) ?? '0';
              const before = view.cryptoUsd24hAgo.get(c.code);
              return {
                cryptoCurrencyId: c.id,
                code: c.code,
                usd,
                fiat: fiatPerUnit(view, c.code, code) ?? '0',
                change24hPercent: before ? percentChange(before, usd) : '0.00',
              };
            }),
          }),
        }),
        RATES_CACHE_CONTROL,
      );
    },
  );

  app.get(
    '/rest/v1/calculator',
    {
      schema: {
        tags,
        summary: 'The calculator: currencies with rates, exact BTC/fiat conversion and the BTC chart',
        description:
          'The price calculator: every currency with its BTC rate, a conversion of `fiatAmount` to BTC (rounded down to the satoshi) or of `btcAmount` to `currency` (half-up to its precision; a default amount when neither is given), and the BTC price chart over `range`. Public, with an ETag (304 on If-None-Match); 404 for an unknown or non-fiat `currency`.',
        querystring: calculatorQuerySchema,
        response: { 200: dataEnvelope(calculatorSchema), ...notModified },
      },
    },
    async (request, reply) => {
      const [view, data] = await Promise.all([rates.view(), catalogue.data()]);
      const locale = localeOf(request.query);
      const range = request.query.range ?? DEFAULT_CHART_RANGE;
      const code = (request.query.currency ?? DEFAULT_CURRENCY_CODE).toUpperCase();
      const currency = data.currencyByCode.get(code);
      if (!currency || currency.kind !== 'fiat' || !view.usdFiat.has(code)) {
        throw notFound('Currency not found');
      }
      const history = await historyFor(view.version, range);
      const { fiatAmount, btcAmount } = request.query;
      const key = `calc|${view.version}|${data.version}|${range}|${code}|${fiatAmount ?? ''}|${btcAmount ?? ''}|${locale}`;
      return sendCached(
        request,
        reply,
        cache,
        key,
        () => {
          const currencies = buildCalculatorCurrencies(data, view, locale);
          const selected = currencies.find((c) => c.code === code);
          const btc = data.cryptoByCode.get('BTC');
          const amounts = convertAmounts(
            { fiatAmount, btcAmount },
            selected?.rate.btc ?? '0',
            currency.precision,
            selected?.defaultAmount ?? '100',
            btc?.decimals ?? 8,
          );
          return {
            data: calculatorSchema.parse({
              currency: code,
              range,
              currencies,
              ...amounts,
              chart: {
                cryptoCurrencyCode: 'BTC',
                currencyCode: code,
                range,
                points: chartPoints(history, range, view.usdFiat.get(code) ?? '1', currency.precision),
              },
              updatedAt: view.updatedAt.toISOString(),
            }),
          };
        },
        RATES_CACHE_CONTROL,
      );
    },
  );

  app.get(
    '/rest/v1/calculator/currency',
    {
      schema: {
        tags,
        summary: "The calculator's currency list",
        description:
          'The fiat currencies the calculator offers, with their names in `locale`, rates and default amounts. Public, with an ETag (304 on If-None-Match).',
        querystring: calculatorCurrencyQuerySchema,
        response: { 200: dataEnvelope(z.array(calculatorCurrencySchema)), ...notModified },
      },
    },
    async (request, reply) => {
      const [view, data] = await Promise.all([rates.view(), catalogue.data()]);
      const locale = localeOf(request.query);
      return sendCached(
        request,
        reply,
        cache,
        `calc-cur|${view.version}|${data.version}|${locale}`,
        () => ({
          data: z.array(calculatorCurrencySchema).parse(buildCalculatorCurrencies(data, view, locale)),
        }),
        RATES_CACHE_CONTROL,
      );
    },
  );
};
