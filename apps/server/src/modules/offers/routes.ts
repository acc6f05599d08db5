import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  lineString,
  type OfferListing,
  dataEnvelope,
  favoriteOffersQuerySchema,
  favoriteOffersResultSchema,
  favoriteResultSchema,
  myOffersListSchema,
  offerAmountResultSchema,
  offerCapResultSchema,
  offerEditorStateSchema,
  offerPriceResultSchema,
  offerRulesSchema,
  offerSavedSchema,
  offerSearchResultSchema,
  offerStatusResultSchema,
  offerViewSchema,
  toggleAllOffersResultSchema,
  userActiveOffersResultSchema,
  compareDecimals,
  formatDecimal,
  subtract,
  myOffersQuerySchema,
  offerAmountBodySchema,
  offerBodySchema,
  offerCapBodySchema,
  offerFixedPriceBodySchema,
  offerHashParamsSchema,
  offerIdParamsSchema,
  offerMarginBodySchema,
  offerSearchQuerySchema,
  offerStatusBodySchema,
  parseDecimal,
  userActiveOffersQuerySchema,
} from '@app/contract';
import type { Config } from '../../platform/config.js';
import { createJurisdictions } from '../compliance/index.js';
import type { Db } from '../../platform/db/client.js';
import { responseCaseOf, sendCachedBody, sendJsonText, toCachedBody } from '../catalogue/index.js';
import { snakeCaseKeys } from '../../platform/http/case.js';
import type { EventBus } from '../../platform/events/bus.js';
import { BUS_RESYNC_EVENT } from '../../platform/events/pg-bus.js';
import { requireUser } from '../../platform/auth/session.js';
import type { RateLimits } from '../../platform/rate-limit/index.js';
import { notFound } from '../../platform/http/errors.js';
import { usersRepository } from '../users/repository.js';
import { fiatText, presentEditorBody, presentListing, presentMyOffer, requirementsOf } from './presenter.js';
import { offersRepository } from './repository.js';
import type { OffersService } from './service.js';
import { createListings, type OfferTradeFacts } from './listings.js';
import { createMarketplace, type SharedOfferPage } from './marketplace.js';
import { MARKET_CHANGED_EVENT, VIEWER_CHANGED_EVENT } from './market-events.js';
import { offerPageStateOf } from './offer-page-state.js';

type Options = {
  offers: OffersService;
  db: Db;
  config: Config;
  limits: RateLimits;
  tradeFacts: OfferTradeFacts;
  events: EventBus;
};

/**
 * The offer editor, my offers, the marketplace, the offer page and favourites (spec section 7).
 * Handlers are guards, one service call and a presenter.
 */
export const offersRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { offers, db, config, limits, tradeFacts, events },
) => {
  const { ownerFactsOf, listings } = createListings({ db, offers, tradeFacts });
  // An owner in a gray-listed jurisdiction: the offer page asks the viewer to accept the sanctions warning.
  const jurisdictions = createJurisdictions(config.compliance);
  // Searches and offer pages shared by every viewer for OFFER_SEARCH_CACHE_MS (decision 0031).
  const marketplace = createMarketplace({
    db,
    offers,
    listings,
    tradeFacts,
    ttlMs: config.offers.searchCacheMs,
  });
  const unsubscribe = events.subscribe((event) => {
    if (event.type === MARKET_CHANGED_EVENT) marketplace.marketChanged();
    else if (event.type === VIEWER_CHANGED_EVENT) {
      for (const userId of ((event.data as { userIds?: unknown } | null)?.userIds as unknown[]) ?? []) {
        if (typeof userId === 'number') marketplace.viewerChanged(userId);
      }
    } else if (event.type === BUS_RESYNC_EVENT) marketplace.clear();
  });
  app.addHook('onClose', async () => unsubscribe());

  /** The quick price edits' answer: the offer's margin or fixed price as it now stands. */
  async function priceAnswer(offer: {
    hash: string;
    margin: string | null;
    fiatCurrencyCode: string;
    fixedPrice: string | null;
  }) {
    const data = await offers.data();
    return {
      data: {
        idHashed: offer.hash,
        margin: offer.margin,
        fixedPrice: fiatText(data, offer.fiatCurrencyCode, offer.fixedPrice),
      },
    };
  }

  const saved = (result: { offer: { hash: string; isActive: boolean }; isBondInsufficient: boolean }) => ({
    data: {
      idHashed: result.offer.hash,
      isActive: result.offer.isActive,
      depositInfo: { isBondInsufficient: result.isBondInsufficient },
    },
  });

  app.post(
    '/rest/v1/my-offers',
    {
      schema: {
        tags: ['offers'],
        summary: 'Create an offer',
        description:
          "Publishes a buy or sell offer: the coin, the fiat currency, the payment method, the price (a margin on the market price or a fixed price), the limits or predefined amounts, the terms, tags, opening hours and who may trade on it. Answers 201 with the offer's hash (`idHashed`) and whether its security deposit is missing (an offer on a method that needs a bond stays off until it is deposited). Logged-in users whose account state and verification level allow offers (403 otherwise, `BLOCKED_IN_LOCATION` from a blocked country); 422 with one detail per invalid field (limits within OFFER_MAX_LIMIT_USD, margin within OFFER_MARGIN_MIN..MAX).",
        response: { 201: dataEnvelope(offerSavedSchema) },
        body: offerBodySchema,
      },
    },
    async (request, reply) =>
      reply.code(201).send(saved(await offers.create(requireUser(request).id, request.body))),
  );

  app.put(
    '/rest/v1/my-offers/:hash',
    {
      schema: {
        tags: ['offers'],
        summary: 'Edit an offer (all fields)',
        description:
          "`{hash}` is the offer hash. Replaces every field of the caller's offer, with the same rules as creating one; the running trades keep the terms they started with. Switching it on while a moderator's penalty or rejection holds answers 409 (`offer_has_cancelled_by_system_penalty`, `OFFER_REJECTED_BY_MODERATOR`, `OFFER_APPEAL_PENDING`). The owner only: anybody else's offer answers 404.",
        response: { 200: dataEnvelope(offerSavedSchema) },
        params: offerHashParamsSchema,
        body: offerBodySchema,
      },
    },
    async (request) => saved(await offers.update(requireUser(request).id, request.params.hash, request.body)),
  );

  app.get(
    '/rest/v1/my-offers/list',
    {
      schema: {
        tags: ['offers'],
        summary: 'My offers, with bond and counts',
        description:
          "Every offer of the caller's (optionally only `buy` or `sell`) with its price, status, moderation and appeal state, the counts per type, and which coins miss the security deposit their offers need. Logged-in users.",
        response: { 200: dataEnvelope(myOffersListSchema) },
        querystring: myOffersQuerySchema,
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const mine = await offers.listMine(id, request.query.type);
      const count = (type: 'buy' | 'sell') => mine.counts.find((c) => c.type === type);
      const coinsNeedingBond = mine.bond.coins.filter((c) => mine.needsBond.has(c.currencyCode));
      return {
        data: {
          offers: mine.offers.map((o) =>
            presentMyOffer(o.row, {
              data: mine.data,
              tagIds: o.tagIds,
              price: o.price,
              bondShort: o.bondShort,
              appeal: o.appeal,
              paymentAccounts: o.paymentAccounts,
            }),
          ),
          depositData: {
            makeDeposit: {
              options: coinsNeedingBond.map((c) => ({
                currencyCode: c.currencyCode,
                missingAmount: c.missingAmount,
              })),
              isEnabled: coinsNeedingBond.some((c) => c.canDeposit),
            },
            makeWithdraw: { isEnabled: mine.bond.coins.some((c) => c.canRetrieve) },
          },
          userPerks: [],
          messages: [],
          meta: { counts: { buy: count('buy')?.total ?? 0, sell: count('sell')?.total ?? 0 } },
          isNotSellActiveOffers: (count('sell')?.active ?? 0) === 0,
          isNotBuyActiveOffers: (count('buy')?.active ?? 0) === 0,
          promoteTotal: 0,
          promoteAvailable: 0,
        },
      };
    },
  );

  app.get(
    '/rest/v1/my-offers/rules',
    {
      schema: {
        tags: ['offers'],
        summary: "The editor's numeric bounds",
        description:
          'The margin bounds in percent (OFFER_MARGIN_MIN..MAX; a fixed price must lie within the same bounds around the market price) and the largest limit or predefined amount in USD (OFFER_MAX_LIMIT_USD), so the editor checks each step against the values the server applies. Logged-in users.',
        response: { 200: dataEnvelope(offerRulesSchema) },
      },
    },
    async (request) => {
      requireUser(request);
      const { marginMin, marginMax, maxLimitUsd } = config.offers;
      return { data: { marginMin, marginMax, maxLimitUsd } };
    },
  );

  app.get(
    '/rest/v1/my-offers/:hash',
    {
      schema: {
        tags: ['offers'],
        summary: 'My offer in the editor’s body shape (owner only)',
        description:
          "`{hash}` is the offer hash. The caller's offer in the shape POST and PUT take, to fill the editor, with its tags, opening hours, linked payment accounts and whether the bond is missing. The owner only: 404 for anybody else's offer.",
        params: offerHashParamsSchema,
        response: { 200: dataEnvelope(offerEditorStateSchema) },
      },
    },
    async (request) => {
      const state = await offers.editorState(requireUser(request).id, request.params.hash);
      return {
        data: {
          idHashed: state.offer.hash,
          isBondInsufficient: state.bondShort,
          body: presentEditorBody(state.offer, state),
        },
      };
    },
  );

  app.put(
    '/rest/v1/my-offers/:hash/status',
    {
      schema: {
        tags: ['offers'],
        summary: 'Switch an offer on or off',
        description:
          "`{hash}` is the offer hash. Switches the caller's offer on or off. Switching on needs an account state and level that allow it (403), the security deposit where the payment method needs one (409 `OFFER_BOND_INSUFFICIENT`), and no moderator's penalty or rejection (409). The owner only: 404 otherwise.",
        response: { 200: dataEnvelope(offerStatusResultSchema) },
        params: offerHashParamsSchema,
        body: offerStatusBodySchema,
      },
    },
    async (request) => {
      const offer = await offers.setStatus(
        requireUser(request).id,
        request.params.hash,
        request.body.new_status,
      );
      return { data: { idHashed: offer.hash, isActive: offer.isActive } };
    },
  );

  app.put(
    '/rest/v1/my-offers/:hash/reset-penalty',
    {
      schema: {
        tags: ['offers'],
        summary: 'Lift a system penalty once its time has passed (the offer stays off until switched on)',
        description:
          '`{hash}` is the offer hash. Before the penalty ends: 409 `offer_has_cancelled_by_system_penalty` with the time; an offer without ' +
          'a penalty: 409 `OFFER_HAS_NO_PENALTY`; not your offer: 404.',
        response: { 200: dataEnvelope(offerStatusResultSchema) },
        params: offerHashParamsSchema,
      },
    },
    async (request) => {
      const offer = await offers.resetPenalty(requireUser(request).id, request.params.hash);
      return { data: { idHashed: offer.hash, isActive: offer.isActive } };
    },
  );

  app.post(
    '/offer-manager/toggle-all-offers-state',
    {
      schema: {
        tags: ['offers'],
        summary: 'Switch all my offers on or off',
        description:
          "Switches every offer of the caller's on or off at once (`new_status`); offers that may not be switched on stay off: those a moderator switched off, and those missing their security deposit (their hashes in `bondInsufficient`). The answer counts the offers changed. Logged-in users; switching on needs an account state and level that allow it (403).",
        response: { 200: dataEnvelope(toggleAllOffersResultSchema) },
        body: offerStatusBodySchema,
      },
    },
    async (request) => ({ data: await offers.toggleAll(requireUser(request).id, request.body.new_status) }),
  );

  app.put(
    '/rest/v1/my-offers/:hash/margin',
    {
      schema: {
        tags: ['offers'],
        summary: 'Quick edit: margin',
        description:
          '`{hash}` is the offer hash. Changes only the margin of a market-price offer, within OFFER_MARGIN_MIN..MAX (422 on `margin`). The owner only: 404 otherwise.',
        response: { 200: dataEnvelope(offerPriceResultSchema) },
        params: offerHashParamsSchema,
        body: offerMarginBodySchema,
      },
    },
    async (request) => {
      const offer = await offers.setMargin(
        requireUser(request).id,
        request.params.hash,
        request.body.new_margin,
      );
      return priceAnswer(offer);
    },
  );

  app.put(
    '/rest/v1/my-offers/:hash/fixed-price',
    {
      schema: {
        tags: ['offers'],
        summary: 'Quick edit: fixed price',
        description:
          '`{hash}` is the offer hash. Changes only the price of a fixed-price offer; it must lie within the margin bounds around the market price (422 on `fixed_price`). The owner only: 404 otherwise.',
        response: { 200: dataEnvelope(offerPriceResultSchema) },
        params: offerHashParamsSchema,
        body: offerFixedPriceBodySchema,
      },
    },
    async (request) => {
      const offer = await offers.setFixedPrice(
        requireUser(request).id,
        request.params.hash,
        request.body.new_fixed_price,
      );
      return priceAnswer(offer);
    },
  );

  app.put(
    '/rest/v1/my-offers/:hash/amount',
    {
      schema: {
        tags: ['offers'],
        summary: 'Quick edit: amounts',
        description:
          "`{hash}` is the offer hash. Changes only the limits (`range_min`, `range_max`) or the predefined amounts (at most 20) of the caller's offer, within OFFER_MAX_LIMIT_USD (422 with the field). The owner only: 404 otherwise.",
        response: { 200: dataEnvelope(offerAmountResultSchema) },
        params: offerHashParamsSchema,
        body: offerAmountBodySchema,
      },
    },
    async (request) => {
      const offer = await offers.setAmount(requireUser(request).id, request.params.hash, request.body);
      const data = await offers.data();
      return {
        data: {
          idHashed: offer.hash,
          amountMode: offer.amountMode,
          rangeMin: fiatText(data, offer.fiatCurrencyCode, offer.rangeMin),
          rangeMax: fiatText(data, offer.fiatCurrencyCode, offer.rangeMax),
          predefinedAmount: offer.predefinedAmounts.map((a) => fiatText(data, offer.fiatCurrencyCode, a)),
        },
      };
    },
  );

  app.post(
    '/rest/v1/offers/:id/offer-cap',
    {
      schema: {
        tags: ['offers'],
        summary: 'Set the offer cap (owner)',
        description:
          "`{id}` is the offer hash. Sets or removes (`offer_cap`) the most fiat the offer's running and completed trades may add up to; a start beyond what is left answers 409 `OFFER_CAP_REACHED`. The owner only: 404 otherwise; 422 on `offer_cap`.",
        response: { 200: dataEnvelope(offerCapResultSchema) },
        params: offerIdParamsSchema,
        body: offerCapBodySchema,
      },
    },
    async (request) => {
      const offer = await offers.setCap(requireUser(request).id, request.params.id, request.body.offer_cap);
      const view = await offers.livePrice(offer);
      const money = (value: string) => fiatText(view.data, offer.fiatCurrencyCode, value);
      const used = await tradeFacts.capUsed(offer.id);
      return { data: { offerCap: capOf(offer, used, view.price.fiat, money).offerCap } };
    },
  );

  app.get(
    '/rest/v1/offers',
    {
      schema: {
        tags: ['offers'],
        summary: 'Marketplace search (anonymous allowed)',
        description:
          "Offers of the marketplace for a coin (`crypto_currency_id`) and the visitor's side (`type`: `buy` lists sell offers), filtered by currency, payment method or group, amount, location (`location_id` from `/rest/v1/countries`; 9999, the worldwide entry, means anywhere), tags, badges and online owners, in `sort` order (`release_time_asc` / `_desc`: the owners' mean release time of the last 30 days, the figure the cards show, owners without one last, ties by the side's best price), in keyset pages (send the previous page's `searchId` and `page_id`). Anonymous visitors see the public market; a logged-in viewer also has their blocks, favourites and country applied. Answers carry an ETag. 422 on an unknown coin, currency, method, group, tag or location, or an expired `searchId` (`search_expired`: start again); 429 `RATE_LIMITED` past RATE_LIMIT_SEARCH_PER_MINUTE.",
        response: { 200: dataEnvelope(offerSearchResultSchema) },
        querystring: offerSearchQuerySchema,
      },
    },
    async (request, reply) => {
      // Counted per viewer, shared answers included: scraping the market costs the scraper, not us.
      await limits.search({ userId: request.user?.id, ip: request.ip });
      const viewer = await marketplace.viewer(request.user?.id);
      const answer = await marketplace.search(viewer, request.query, responseCaseOf(request));
      if ('computed' in answer) return answer.computed;
      // Already validated and serialized (with `?case=snake` applied) when the shared page was built.
      if ('shared' in answer) return sendCachedBody(request, reply, answer.shared, 'private, no-cache');
      return sendJsonText(reply, answer.own, 'private, no-store');
    },
  );

  app.get(
    '/rest/v1/offers/:id',
    {
      schema: {
        tags: ['offers'],
        summary: 'One offer for the offer page',
        description:
          "`{id}` is the offer hash. The offer page: the offer, its owner's public profile and numbers, the price now, and whether the viewer may start a trade on it (and why not: logged out, own offer, blocked, not listed now, country, requirements), with recommended similar offers. `isNewBuyer`: the viewer would buy (a sell offer) and never completed a purchase from its owner, so `newBuyerMaxFiatLimit` caps their trade; `isMaxTradeLimitUserIDNotVerified`: the viewer's ID is not verified. Anonymous visitors allowed; 404 for an unknown hash or an offer the viewer may not see.",
        response: { 200: dataEnvelope(offerViewSchema) },
        params: offerIdParamsSchema,
      },
    },
    async (request, reply) => {
      const viewer = await marketplace.viewer(request.user?.id);
      const v = await marketplace.offerPage(request.params.id);
      const state = {
        ...offerPageStateOf(v, viewer),
        isNewBuyer: await marketplace.isNewBuyer(v, viewer),
        // The viewer's ID is not verified: the maximum-per-trade limit of their level applies (0037).
        idNotVerified: viewer !== null && viewer.id !== v.offer.userId && !viewer.idVerified,
      };
      const recommended = await marketplace.recommended(v, viewer);
      // Viewers in the same state see the same answer: it is validated and serialized once per window.
      const responseCase = responseCaseOf(request);
      const build = () => {
        const payload = dataEnvelope(offerViewSchema).parse(offerPageAnswer(v, state, recommended.cards));
        return responseCase === 'snake' ? snakeCaseKeys(payload) : payload;
      };
      if (!recommended.shared) {
        return sendCachedBody(request, reply, toCachedBody(build()), 'private, no-cache');
      }
      const key = JSON.stringify([
        responseCase,
        viewer !== null,
        state,
        recommended.cards.map((r) => [r.hash, r.isFavorite]),
      ]);
      const body = v.answers.get(key) ?? v.remember(key, build);
      return sendCachedBody(request, reply, body, 'private, no-cache');
    },
  );

  /** The offer page's answer: the shared offer with the viewer's state and recommended offers. */
  function offerPageAnswer(
    v: SharedOfferPage,
    state: ReturnType<typeof offerPageStateOf> & { isNewBuyer: boolean; idNotVerified: boolean },
    recommended: OfferListing[],
  ) {
    const o = v.offer;
    const method = v.data.methodById.get(o.paymentMethodId);
    const currency = v.data.currencyByCode.get(o.fiatCurrencyCode);
    const money = (value: string) => fiatText(v.data, o.fiatCurrencyCode, value);
    const cap = capOf(o, v.capUsed, v.price.fiat, money);
    const tagsOf = (ids: number[]) =>
      ids.map((id) => v.data.tags.find((t) => t.id === id)?.slug).filter((slug) => slug !== undefined);
    return {
      data: {
        offer: {
          id: o.hash,
          type: o.type,
          area: o.area,
          ownerUsername: v.owner.username,
          paymentMethod: {
            id: o.paymentMethodId,
            slug: method?.slug ?? null,
            name: method?.originalName ?? null,
          },
          paymentMethodLabel: o.paymentMethodLabel,
          fiatCurrency: {
            code: o.fiatCurrencyCode,
            precision: currency?.precision ?? 2,
            rate: { usd: v.live.usdFiat.get(o.fiatCurrencyCode) ?? null },
          },
          cryptoCurrencyId: v.crypto.id,
          altCoin: {
            code: v.crypto.code,
            precision: v.crypto.formattingDecimalsCount,
            rate: v.live.cryptoUsd.get(v.crypto.code) ?? null,
          },
          margin: o.margin,
          fiatPricePerCrypto: v.price.fiat,
          buySellPagePrice: v.price.fiat,
          fiatLimitMin: money(o.rangeMin),
          fiatLimitMax: money(o.rangeMax),
          predefinedAmount: o.amountMode === 'predefined' ? o.predefinedAmounts.map(money) : [],
          newBuyerMaxFiatLimit: o.newBuyerMax === null ? null : money(o.newBuyerMax),
          paymentWindow: o.paymentWindow,
          offerTerms: o.offerTerms,
          tradeDetails: o.tradeDetails,
          tags: tagsOf(v.tags),
          requirements: requirementsOf(o),
          timezone: o.timezone,
          isSell: o.type === 'sell',
          isOnline: false,
          customRate: o.customRate,
          giftCardBinCodes: o.giftCardBinCodes,
          isBinCodeEnabled: method?.isBinCodeEnabled ?? false,
          amazonGiftCardRegions: o.cardRegions.map((id) => {
            const region = v.data.regions.find((r) => r.id === id);
            return { id, name: region?.names.en ?? String(id) };
          }),
          flowType: o.flowType,
          isThirdPartyTreatmentEnabled: o.isThirdPartyAllowed,
          isGiftCodeCheckEnabled: o.isGiftCodeCheckEnabled,
          isReachedCap: cap.isReachedCap,
          isCapLessThanMin: cap.isCapLessThanMin,
          isAnonymousUserRestricted: false,
          availableIn: o.countryListMode === 'all' ? [] : o.countries,
          countryListMode: o.countryListMode,
          isActive: o.isActive,
        },
        isOwner: state.isOwner,
        isAvailable: state.available,
        isNewBuyer: state.isNewBuyer,
        isTrustedUser: state.isTrustedUser,
        isGrayCountry: jurisdictions.isGray(v.owner.countryIso),
        isFavorite: state.isFavorite,
        isAvailableForCountry: state.availableForCountry,
        discountedEscrowFee: null,
        dutyHours: v.hours,
        dutyHoursTimezone: o.timezone,
        isMaxTradeLimitUserIDNotVerified: state.idNotVerified,
        offerCap: cap.offerCap,
        recommendedOffers: recommended,
        flashMessages: state.available
          ? []
          : [{ type: 'OfferIsBlocked', text: 'This offer is not available right now.' }],
        startTradeRequirements: { payerName: o.requireFullName },
      },
    };
  }

  app.post(
    '/rest/v1/favorites/offers/:id',
    {
      schema: {
        tags: ['offers'],
        summary: 'Add an offer to my favourites',
        description:
          "`{id}` is the offer hash. Adds the offer to the caller's favourites (no change when it is already there). Logged-in users; 404 for an unknown hash.",
        response: { 200: dataEnvelope(favoriteResultSchema) },
        params: offerIdParamsSchema,
      },
    },
    async (request) => ({ data: await offers.favorite(requireUser(request).id, request.params.id, true) }),
  );

  app.delete(
    '/rest/v1/favorites/offers/:id',
    {
      schema: {
        tags: ['offers'],
        summary: 'Remove an offer from my favourites',
        description:
          "`{id}` is the offer hash. Removes the offer from the caller's favourites (no change when it is not there). Logged-in users; 404 for an unknown hash.",
        response: { 200: dataEnvelope(favoriteResultSchema) },
        params: offerIdParamsSchema,
      },
    },
    async (request) => ({ data: await offers.favorite(requireUser(request).id, request.params.id, false) }),
  );

  app.get(
    '/rest/v1/favorites/offers',
    {
      schema: {
        tags: ['offers'],
        summary: 'My favourite offers',
        description:
          "The caller's favourite offers, 20 a page (`page`), optionally only `buy` or `sell`, newest or oldest first, with the counts per type. Logged-in users.",
        response: { 200: dataEnvelope(favoriteOffersResultSchema) },
        querystring: favoriteOffersQuerySchema,
      },
    },
    async (request) => {
      const result = await offers.favorites(requireUser(request).id, request.query);
      const tags = await offersRepository.tagsOf(
        db,
        result.rows.map((r) => r.offer.id),
      );
      const owner = await ownerFactsOf(result.rows.map((r) => r.offer.userId));
      return {
        data: {
          offers: result.rows.map((r) =>
            presentListing(
              {
                ...r.offer,
                sortKey: '0',
                ownerUsername: r.ownerUsername,
                ownerCountry: r.ownerCountry,
                ownerOnline: false,
                isFavorite: true,
              },
              {
                data: result.data,
                tagIds: tags.get(r.offer.id) ?? [],
                price: offers.priceOf(result.live, result.data, r.offer),
                owner: owner(r.offer.userId),
              },
            ),
          ),
          buyCount: result.counts.buy,
          sellCount: result.counts.sell,
          currentType: request.query.type ?? null,
          currentSorting: request.query.sort,
          pagination: result.pagination,
          nextPage: result.hasMore ? request.query.page + 1 : null,
        },
      };
    },
  );

  app.get(
    '/rest/v1/users/:username/active-offers',
    {
      schema: {
        tags: ['offers'],
        summary: 'A user’s active offers (public profile)',
        description:
          "The active offers of the user `{username}` as their public profile lists them, 20 a page, optionally one side or coin. Anonymous visitors allowed; a logged-in viewer's blocks apply. 404 for an unknown username.",
        response: { 200: dataEnvelope(userActiveOffersResultSchema) },
        params: z.object({ username: lineString().min(1).max(60) }),
        querystring: userActiveOffersQuerySchema,
      },
    },
    async (request) => {
      const owner = await usersRepository.findByUsername(db, request.params.username);
      if (!owner) throw notFound('User not found');
      const q = request.query;
      const pageSize = 20;
      const viewer = await marketplace.viewer(request.user?.id);
      const result = await offers.userActiveOffers(viewer, owner.id, {
        offerType: q.type ?? 'sell',
        cryptoCode: q.crypto_currency_code,
        sort: q.sort,
        limit: q.offset + pageSize + 1,
      });
      const page = result.rows.slice(q.offset, q.offset + pageSize);
      return {
        data: {
          offers: await listings({ ...result, rows: page }),
          nextOffset: result.rows.length > q.offset + pageSize ? q.offset + pageSize : null,
        },
      };
    },
  );
};

/**
 * The offer cap state: initial, remaining (the cap less the fiat of the offer's trades that were not
 * cancelled or expired), and the sell blocks of the spec. Values come at the currency's precision.
 */
function capOf(
  offer: { capAmount: string | null; capActive: boolean; rangeMin: string },
  used: string,
  rate: string | null,
  money: (value: string) => string,
) {
  if (!offer.capAmount || !offer.capActive) {
    return { offerCap: null, isReachedCap: false, isCapLessThanMin: false };
  }
  const left = subtract(parseDecimal(offer.capAmount), parseDecimal(used));
  const remaining = money(
    formatDecimal(compareDecimals(left, parseDecimal('0')) < 0 ? parseDecimal('0') : left),
  );
  const isReachedCap = compareDecimals(parseDecimal(remaining), parseDecimal('0')) <= 0;
  const isCapLessThanMin = compareDecimals(parseDecimal(remaining), parseDecimal(offer.rangeMin)) < 0;
  return {
    offerCap: { initialValue: money(offer.capAmount), remainingValue: remaining, rate },
    isReachedCap,
    isCapLessThanMin,
  };
}
