import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  lineString,
  COUNTRIES_PAGE_SIZE,
  DEFAULT_LOCALE,
  countriesV1QuerySchema,
  countriesV2QuerySchema,
  countrySchema,
  currenciesQuerySchema,
  currenciesResponseSchema,
  currencyCodeParamsSchema,
  currencySchema,
  dataEnvelope,
  localeQuerySchema,
  paymentMethodDetailQuerySchema,
  paymentMethodDetailSchema,
  paymentMethodGroupSchema,
  paymentMethodSchema,
  paymentMethodShortSchema,
  paymentMethodsQuerySchema,
  popularPaymentMethodsSchema,
  tagSchema,
  tagsQuerySchema,
  type Country,
  type Locale,
} from '@app/contract';
import { fieldError, notFound } from '../../platform/http/errors.js';
import { sendCached } from './http-cache.js';
import { renderIconSvg } from './icons.js';
import {
  presentCountry,
  presentCurrency,
  presentGroup,
  presentPaymentMethod,
  presentPaymentMethodDetail,
  presentPaymentMethodShort,
  presentPopular,
  presentTag,
  sortByLocalized,
  tagFitsGroup,
  tagFitsMethod,
} from './presenter.js';
import type { CatalogueData, CatalogueService } from './service.js';

export type CatalogueRoutesOptions = { catalogue: CatalogueService };

/** A 304 has no body; listed so the OpenAPI document shows revalidation. */
const notModified = { 304: z.null().describe('Not modified: the copy named by If-None-Match is current') };
const tags = ['catalogue'];

/** Finds a crypto by code (`BTC`, `btc`) or URL word (`bitcoin`). */
export function findCrypto(data: CatalogueData, value: string) {
  const upper = value.toUpperCase();
  return data.cryptoByCode.get(upper) ?? data.cryptos.find((c) => c.urlParam === value.toLowerCase());
}

/** Finds by slug or numeric id. */
function bySlugOrId<T extends { id: number; slug: string }>(items: Map<string, T>, all: T[], value: string) {
  return /^\d+$/.test(value) ? all.find((item) => item.id === Number(value)) : items.get(value.toLowerCase());
}

function page<T>(items: T[], limit: number | undefined, offset: number | undefined): T[] {
  const start = offset ?? 0;
  return items.slice(start, start + (limit ?? COUNTRIES_PAGE_SIZE));
}

/**
 * Reference data endpoints (spec section 7 of both documents). Every answer comes from memory, is
 * validated against its contract schema when first built, and carries an ETag so browsers revalidate
 * with a bodiless 304.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, { catalogue }) => {
  const cache = catalogue.responses;
  const localeOf = (query: { locale?: Locale }): Locale => query.locale ?? DEFAULT_LOCALE;

  app.get(
    '/rest/v2/payment-methods',
    {
      schema: {
        tags,
        summary: 'Payment methods (mode=short: the picker list)',
        description:
          "Every payment method, names in `locale` (en, es): `mode=short` answers the picker's list (id, slug, name, group), `full` (the default) each method with its group, tags and icon. Public reference data; the answer carries an ETag, and If-None-Match answers 304 while the catalogue is unchanged.",
        querystring: paymentMethodsQuerySchema,
        response: {
          200: dataEnvelope(z.union([z.array(paymentMethodShortSchema), z.array(paymentMethodSchema)])),
          ...notModified,
        },
      },
    },
    async (request, reply) => {
      const data = await catalogue.data();
      const locale = localeOf(request.query);
      const mode = request.query.mode ?? 'full';
      return sendCached(request, reply, cache, `${data.version}|pm|${mode}|${locale}`, () => {
        const sorted = sortByLocalized(data.methods, (m) => m.names[locale] ?? m.originalName, locale);
        return mode === 'short'
          ? {
              data: z
                .array(paymentMethodShortSchema)
                .parse(sorted.map((m) => presentPaymentMethodShort(m, locale))),
            }
          : { data: z.array(paymentMethodSchema).parse(sorted.map((m) => presentPaymentMethod(m, locale))) };
      });
    },
  );

  app.get(
    '/rest/v2/payment-methods/popular',
    {
      schema: {
        tags,
        summary: 'Popular payment methods per side, by country and by group',
        description:
          'The payment methods most offers use, for each side (`buy`, `sell`), listed by group. Public reference data with an ETag (304 on If-None-Match).',
        querystring: localeQuerySchema,
        response: { 200: dataEnvelope(popularPaymentMethodsSchema), ...notModified },
      },
    },
    async (request, reply) => {
      const data = await catalogue.data();
      const locale = localeOf(request.query);
      return sendCached(request, reply, cache, `${data.version}|popular|${locale}`, () => ({
        data: popularPaymentMethodsSchema.parse(presentPopular(data, locale)),
      }));
    },
  );

  app.get(
    '/rest/v2/payment-methods/icons/:file',
    {
      schema: {
        tags,
        summary: 'A generated SVG badge for a payment method icon name',
        description:
          "`{file}` is a method's icon name with `.svg` (e.g. `bank-transfer.svg`): answers an SVG badge drawn from the name (`image/svg+xml`, cached for a day). Public; 422 for a name that does not fit the pattern.",
        params: z.object({ file: lineString().regex(/^[a-z0-9-]{1,80}\.svg$/) }),
      },
    },
    async (request, reply) => {
      const name = request.params.file.slice(0, -'.svg'.length);
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(renderIconSvg(name));
    },
  );

  app.get(
    '/rest/v2/payment-methods/:slug',
    {
      schema: {
        tags,
        summary: 'One payment method with its group, tags, gift card regions and offer counts',
        description:
          "`{slug}` is the method's slug (e.g. `bank-transfer`). The method with its group, the tags that fit it, its gift card regions and how many offers use it (per side, for `crypto` when given). Public, with an ETag (304 on If-None-Match); 404 for an unknown slug, 422 on an unknown `crypto`.",
        params: z.object({ slug: lineString().min(1).max(100) }),
        querystring: paymentMethodDetailQuerySchema,
        response: { 200: dataEnvelope(paymentMethodDetailSchema), ...notModified },
      },
    },
    async (request, reply) => {
      const data = await catalogue.data();
      const locale = localeOf(request.query);
      const method = data.methodBySlug.get(request.params.slug.toLowerCase());
      if (!method) throw notFound('Payment method not found');
      let crypto = null;
      if (request.query.crypto !== undefined) {
        crypto = findCrypto(data, request.query.crypto) ?? null;
        if (!crypto) throw fieldError('crypto', 'Unknown crypto currency', 'unknown_crypto_currency');
      }
      return sendCached(
        request,
        reply,
        cache,
        `${data.version}|pm-detail|${method.id}|${crypto?.code ?? ''}|${locale}`,
        () => ({
          data: paymentMethodDetailSchema.parse(presentPaymentMethodDetail(method, data, locale, crypto)),
        }),
      );
    },
  );

  app.get(
    '/rest/v2/payment-method-groups',
    {
      schema: {
        tags,
        summary: 'Payment method groups (their ids are the payment category ids)',
        description:
          'The groups payment methods belong to (bank transfers, cards, gift cards, ...), names in `locale`. Their ids are the payment category ids offers and searches use. Public, with an ETag (304 on If-None-Match).',
        querystring: localeQuerySchema,
        response: { 200: dataEnvelope(z.array(paymentMethodGroupSchema)), ...notModified },
      },
    },
    async (request, reply) => {
      const data = await catalogue.data();
      const locale = localeOf(request.query);
      return sendCached(request, reply, cache, `${data.version}|groups|${locale}`, () => ({
        data: z.array(paymentMethodGroupSchema).parse(data.groups.map((g) => presentGroup(g, data, locale))),
      }));
    },
  );

  app.get(
    '/rest/v2/currencies',
    {
      schema: {
        tags,
        summary: 'Fiat currencies (and the precious metals), with the popular list and count on request',
        description:
          'The fiat currencies offers can be priced in (and the precious metals), names in `locale`; `with-popular=1` adds the most used ones, `count=1` the number of currencies. Public, with an ETag (304 on If-None-Match).',
        querystring: currenciesQuerySchema,
        response: { 200: dataEnvelope(currenciesResponseSchema), ...notModified },
      },
    },
    async (request, reply) => {
      const data = await catalogue.data();
      const locale = localeOf(request.query);
      const withPopular = request.query['with-popular'] ?? false;
      const withCount = request.query.count ?? false;
      return sendCached(
        request,
        reply,
        cache,
        `${data.version}|currencies|${withPopular}|${withCount}|${locale}`,
        () => {
          const currencies = data.currencies.map((c) => presentCurrency(c, locale));
          const popular = data.currencies
            .filter((c) => c.popularOrder !== null)
            .sort((a, b) => (a.popularOrder ?? 0) - (b.popularOrder ?? 0))
            .map((c) => presentCurrency(c, locale));
          return {
            data: currenciesResponseSchema.parse({
              currencies,
              ...(withPopular ? { popular } : {}),
              ...(withCount ? { count: currencies.length } : {}),
            }),
          };
        },
      );
    },
  );

  app.get(
    '/rest/v2/currencies/:code',
    {
      schema: {
        tags,
        summary: 'One currency by ISO 4217 code (the client asks for USD when the user has none)',
        description:
          '`{code}` is an ISO 4217 code (e.g. `USD`, any case). The currency with its name, symbol and precision. Public, with an ETag (304 on If-None-Match); 404 for an unknown code.',
        params: currencyCodeParamsSchema,
        querystring: localeQuerySchema,
        response: { 200: dataEnvelope(currencySchema), ...notModified },
      },
    },
    async (request, reply) => {
      const data = await catalogue.data();
      const locale = localeOf(request.query);
      const currency = data.currencyByCode.get(request.params.code.toUpperCase());
      if (!currency) throw notFound('Currency not found');
      return sendCached(request, reply, cache, `${data.version}|currency|${currency.code}|${locale}`, () => ({
        data: currencySchema.parse(presentCurrency(currency, locale)),
      }));
    },
  );

  app.get(
    '/rest/v1/tags',
    {
      schema: {
        tags,
        summary: 'Offer tags, optionally only those that fit a payment method or group',
        description:
          'The tags an offer can carry (e.g. `receipt-required`), names in `locale`; `payment-method` or `group` (slug or id) keeps only those that fit it. Public, with an ETag (304 on If-None-Match); 404 for an unknown method or group.',
        querystring: tagsQuerySchema,
        response: { 200: dataEnvelope(z.array(tagSchema)), ...notModified },
      },
    },
    async (request, reply) => {
      const data = await catalogue.data();
      const locale = localeOf(request.query);
      const methodParam = request.query['payment-method'];
      const groupParam = request.query.group;
      const method =
        methodParam === undefined ? undefined : bySlugOrId(data.methodBySlug, data.methods, methodParam);
      if (methodParam !== undefined && !method) throw notFound('Payment method not found');
      const group =
        groupParam === undefined ? undefined : bySlugOrId(data.groupBySlug, data.groups, groupParam);
      if (groupParam !== undefined && !group) throw notFound('Payment method group not found');
      return sendCached(
        request,
        reply,
        cache,
        `${data.version}|tags|${method?.id ?? ''}|${group?.id ?? ''}|${locale}`,
        () => ({
          data: z
            .array(tagSchema)
            .parse(
              data.tags
                .filter(
                  (t) =>
                    (!method || tagFitsMethod(data, t, method)) && (!group || tagFitsGroup(data, t, group)),
                )
                .map((t) => presentTag(t, data, locale)),
            ),
        }),
      );
    },
  );

  const countriesList = (data: CatalogueData, locale: Locale): Country[] =>
    sortByLocalized(data.countries, (c) => c.names[locale] ?? c.iso, locale).map((c) =>
      presentCountry(c, locale),
    );

  app.get(
    '/rest/v1/countries',
    {
      schema: {
        tags,
        summary: 'Every country (WORLDWIDE first), paged with limit and offset',
        description:
          'Every country with its ISO code and name in `locale`, the WORLDWIDE pseudo-country first, `limit` at a time from `offset`. Public, with an ETag (304 on If-None-Match).',
        querystring: countriesV1QuerySchema,
        response: { 200: dataEnvelope(z.array(countrySchema)), ...notModified },
      },
    },
    async (request, reply) => {
      const data = await catalogue.data();
      const { limit, offset } = request.query;
      const locale = localeOf(request.query);
      return sendCached(
        request,
        reply,
        cache,
        `${data.version}|countries1|${limit}|${offset}|${locale}`,
        () => {
          const all = [
            ...(data.worldwide ? [presentCountry(data.worldwide, locale)] : []),
            ...countriesList(data, locale),
          ];
          return { data: z.array(countrySchema).parse(page(all, limit, offset)) };
        },
      );
    },
  );

  app.get(
    '/rest/v2/countries',
    {
      schema: {
        tags,
        summary: 'Countries filtered by KYC support and importance; iso_null=1 adds WORLDWIDE',
        description:
          'Countries with their ISO codes and names in `locale`: `kyc=1` keeps those identity verification supports, `important=1` the ones listed first in pickers, `iso_null=1` adds WORLDWIDE; `limit` and `offset` page them. Public, with an ETag (304 on If-None-Match).',
        querystring: countriesV2QuerySchema,
        response: { 200: dataEnvelope(z.array(countrySchema)), ...notModified },
      },
    },
    async (request, reply) => {
      const data = await catalogue.data();
      const { limit, offset, kyc = false, important = false, iso_null: isoNull = false } = request.query;
      const locale = localeOf(request.query);
      const key = `${data.version}|countries2|${kyc}|${important}|${isoNull}|${limit}|${offset}|${locale}`;
      return sendCached(request, reply, cache, key, () => {
        let list = countriesList(data, locale).filter(
          (c) => (!kyc || c.isKycSupported) && (!important || c.isImportant),
        );
        if (important) {
          const order = new Map(
            data.countries.map((c) => [c.iso, c.importantOrder ?? Number.MAX_SAFE_INTEGER]),
          );
          list = list.sort((a, b) => (order.get(a.iso) ?? 0) - (order.get(b.iso) ?? 0));
        }
        if (isoNull && data.worldwide) list = [presentCountry(data.worldwide, locale), ...list];
        return { data: z.array(countrySchema).parse(page(list, limit, offset)) };
      });
    },
  );

  app.get(
    '/rest/v2/countries/phone-verification',
    {
      schema: {
        tags,
        summary: 'Countries whose phone numbers we can verify by SMS or call',
        description:
          'The countries whose phone numbers can be verified by SMS or voice call, `limit` at a time from `offset`. Public, with an ETag (304 on If-None-Match).',
        querystring: countriesV1QuerySchema,
        response: { 200: dataEnvelope(z.array(countrySchema)), ...notModified },
      },
    },
    async (request, reply) => {
      const data = await catalogue.data();
      const { limit, offset } = request.query;
      const locale = localeOf(request.query);
      return sendCached(request, reply, cache, `${data.version}|phone|${limit}|${offset}|${locale}`, () => ({
        data: z.array(countrySchema).parse(
          page(
            countriesList(data, locale).filter((c) => c.isPhoneVerificationSupported),
            limit,
            offset,
          ),
        ),
      }));
    },
  );
};
