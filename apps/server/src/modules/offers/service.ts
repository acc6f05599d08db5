import { randomInt } from 'node:crypto';
import {
  compareDecimals,
  type Decimal,
  divide,
  formatDecimal,
  impliedMargin,
  isMarginWithinBounds,
  isOnStatus,
  offerAmountCeiling,
  mergeOpeningHours,
  minutesOf,
  offerFiatPrice,
  parseAmount,
  parseDecimal,
  rescale,
  timeOf,
  type FieldError,
  type OfferBody,
  offerSearchQuerySchema,
  type OfferSearchQuery,
  FAVORITES_PAGE_SIZE,
  OFFER_SEARCH_TOTAL_CAP,
  TRADER_STATS_WINDOW_DAYS,
  WORLDWIDE_COUNTRY,
  type FavoriteOfferSort,
} from '@app/contract';
import type { Config } from '../../platform/config.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { assertAllowed } from '../../platform/auth/account-policy.js';
import { AppError, fieldError, notFound, validationError } from '../../platform/http/errors.js';
import { findCrypto, type CatalogueData, type CatalogueService } from '../catalogue/index.js';
import { createJurisdictions } from '../compliance/index.js';
import type { KycStandings } from '../kyc/index.js';
import type { Ledger } from '../ledger/index.js';
import { fiatPerUnit, type RatesService, type RatesView } from '../rates/index.js';
import { usersRepository } from '../users/repository.js';
import { DEFAULT_BOND_AMOUNTS, lockBondsOf, type WalletService } from '../wallet/index.js';
import { cursorOf, decodeCursor, encodeCursor, releaseWindowStart } from './cursor.js';
import { announceMarketChange, announceViewerChange } from './market-events.js';
import type { EventBus } from '../../platform/events/bus.js';
import { activationRefusal, isRejected, resetRefusal } from './penalty.js';
import { offerAppealsRepository } from './appeals-repository.js';
import { checkPaymentAccounts, offerPaymentAccountsRepository } from './payment-accounts.js';
import {
  offersRepository,
  type HoursRow,
  type NewOfferRow,
  type OfferRow,
  type RatesParam,
  type SearchParams,
} from './repository.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A random, opaque public id (62^12 ~ 3e21 values): never a sequence, never guessable. */
export const newOfferHash = (): string => Array.from({ length: 12 }, () => BASE62[randomInt(62)]).join('');

/** Users seen within this window count as online. */
const ONLINE_WINDOW_MS = 5 * 60_000;

export type OffersServiceOptions = {
  db: Db;
  catalogue: CatalogueService;
  rates: RatesService;
  ledger: Ledger;
  wallet: WalletService;
  /** The owners' KYC levels: creating and switching on offers may be blocked below a level (0037). */
  kyc: KycStandings;
  config: Pick<Config, 'offers' | 'wallet' | 'compliance'>;
  now?: () => Date;
  /** Where committed offer changes are announced (the shared marketplace rebuilds, decision 0031). */
  events?: EventBus;
};

export type Viewer = { id: number; countryIso: string | null } | null;

/** Whether `timezone` is an IANA zone this runtime (and PostgreSQL) knows. */
export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Whether a tag may be put on an offer paid with this method. */
function tagApplies(data: CatalogueData, tagId: number, methodId: number, groupId: number): boolean {
  const tag = data.tags.find((t) => t.id === tagId);
  if (!tag) return false;
  return (
    tag.appliesToAll ||
    Boolean(data.tagGroupIds.get(tagId)?.has(groupId)) ||
    Boolean(data.tagMethodIds.get(tagId)?.has(methodId))
  );
}

/** Configured bond of a coin in base units (0 when the coin is exempt). */
function bondUnits(
  config: Pick<Config, 'wallet'>,
  code: string,
  decimals: number,
  excluded: string[],
): bigint {
  if (excluded.includes('bond')) return 0n;
  const value = config.wallet.bond.amounts[code] ?? DEFAULT_BOND_AMOUNTS[code] ?? '0';
  const parsed = parseAmount(value, decimals);
  return parsed.ok ? parsed.units : 0n;
}

/**
 * Offers: the editor (create, edit, quick edits, status), the marketplace search, the offer page,
 * favourites. Every write authorizes first: another user's offer is "not found".
 */
export function createOffersService(options: OffersServiceOptions) {
  const { db, catalogue, rates, ledger, wallet, kyc, config } = options;
  const now = options.now ?? (() => new Date());
  const jurisdictions = createJurisdictions(config.compliance);
  // Rates versions this instance has already stored as a search snapshot: a search then writes nothing.
  let savedSnapshotVersion: number | undefined;
  // Later pages of recent searches read their snapshot from memory (snapshots never change once stored).
  const recentSnapshots = new Map<number, Awaited<ReturnType<typeof offersRepository.snapshot>>>();
  async function snapshotOf(version: number) {
    const cached = recentSnapshots.get(version);
    if (cached) return cached;
    const snapshot = await offersRepository.snapshot(db, version);
    if (snapshot) {
      recentSnapshots.set(version, snapshot);
      if (recentSnapshots.size > 16) recentSnapshots.delete(recentSnapshots.keys().next().value!);
    }
    return snapshot;
  }

  const bondGroupIds = async () => {
    const data = await catalogue.data();
    return config.wallet.bond.paymentGroups
      .map((slug) => data.groupBySlug.get(slug)?.id)
      .filter((id): id is number => id !== undefined);
  };

  /** A fiat amount with the currency's precision, or a field error. */
  function fiat(value: string, precision: number, field: string, errors: FieldError[]): string | null {
    const parsed = parseAmount(value, precision);
    if (!parsed.ok) {
      errors.push({ field, message: parsed.message, code: parsed.code });
      return null;
    }
    return formatDecimal({ units: parsed.units, scale: precision });
  }

  /** Checks an editor body against the catalogue, the rates and the bounds; returns the row to store. */
  async function validate(body: OfferBody) {
    const data = await catalogue.data();
    const view = await rates.view();
    const errors: FieldError[] = [];
    const add = (field: string, message: string, code = 'invalid') => errors.push({ field, message, code });

    const crypto = findCrypto(data, body.crypto_currency_code);
    if (!crypto || crypto.isBlocked) {
      add('crypto_currency_code', 'Unknown crypto currency', 'unknown_crypto_currency');
    }
    const currency = data.currencyByCode.get(body.fiat_currency_code.toUpperCase());
    if (!currency) add('fiat_currency_code', 'Unknown currency', 'unknown_currency');
    const method = data.methodBySlug.get(body.payment_method.toLowerCase());
    if (!method) add('payment_method', 'Unknown payment method', 'unknown_payment_method');
    if (errors.length > 0 || !crypto || !currency || !method) throw validationError(errors);
    const group = data.groupById.get(method.groupId);
    const isGiftCard = group?.slug === 'gift-cards';
    if (
      (isGiftCard && crypto.excludedOfferFeatures.includes('gift-card-offers')) ||
      method.slug === crypto.urlParam
    ) {
      add(
        'payment_method',
        `${method.originalName} cannot be used for ${crypto.code} offers`,
        'method_not_for_crypto',
      );
    }
    if (body.area === 'gift-cards' && !isGiftCard) {
      add('area', 'Gift card offers need a gift card payment method', 'area_mismatch');
    }
    if (body.flow_type === 'gcc-auto' && !isGiftCard) {
      add('flow_type', 'Only for gift card methods', 'flow_not_for_method');
    }
    if (body.flow_type === 'bt-auto' && group?.slug !== 'bank-transfers') {
      add('flow_type', 'Only for bank transfer methods', 'flow_not_for_method');
    }
    if (body.flow_type === 'lite' && crypto.excludedOfferFeatures.includes('lite-flow')) {
      add('flow_type', `The lite flow is not available for ${crypto.code}`, 'flow_not_for_crypto');
    }

    // Price: a margin or a fixed price, within the configured bounds around the market.
    const market = fiatPerUnit(view, crypto.code, currency.code);
    let margin: string | null = null;
    let fixedPrice: string | null = null;
    // The bounds' rules are the contract's: the editor checks each step with the same functions.
    const { marginMin, marginMax } = config.offers;
    const inBounds = (m: Decimal) => isMarginWithinBounds(m, config.offers);
    if ((body.margin === undefined) === (body.fixed_price === undefined)) {
      add('margin', 'Give either a margin or a fixed price', 'price_required');
    } else if (body.margin !== undefined) {
      const m = parseDecimal(body.margin);
      if (!inBounds(m)) {
        add('margin', `The margin must be between ${marginMin}% and ${marginMax}%`, 'margin_out_of_bounds');
      } else margin = formatDecimal(rescale(m, 4));
    } else if (body.fixed_price !== undefined) {
      fixedPrice = fiat(body.fixed_price, currency.precision, 'fixed_price', errors);
      if (fixedPrice && market) {
        if (!inBounds(impliedMargin(fixedPrice, market))) {
          add(
            'fixed_price',
            `The price must be within ${marginMin}% and ${marginMax}% of the market price (${market})`,
            'fixed_price_out_of_bounds',
          );
        }
      }
    }

    // Amounts: a range, or predefined amounts; never both; within the USD ceiling.
    const usdFiat = view.usdFiat.get(currency.code);
    const ceiling = offerAmountCeiling(config.offers.maxLimitUsd, usdFiat);
    const overCeiling = (v: string) => ceiling !== null && compareDecimals(parseDecimal(v), ceiling) > 0;
    const ceilingText = `${config.offers.maxLimitUsd} USD`;
    let amountMode: 'min_max' | 'predefined' = 'min_max';
    let rangeMin: string | null = null;
    let rangeMax: string | null = null;
    let predefined: string[] = [];
    const hasRange = body.range_min !== undefined || body.range_max !== undefined;
    const hasPredefined = body.predefined_amount !== undefined && body.predefined_amount.length > 0;
    if (hasRange && hasPredefined) {
      add('predefined_amount', 'Give a range or predefined amounts, not both', 'amount_mode_conflict');
    } else if (hasPredefined) {
      amountMode = 'predefined';
      const amounts = body.predefined_amount ?? [];
      if (amounts.length > 20) add('predefined_amount', 'At most 20 amounts', 'too_many_amounts');
      const parsed = amounts.map((a) => fiat(a, currency.precision, 'predefined_amount', errors));
      if (parsed.every((p): p is string => p !== null)) {
        predefined = [...new Set(parsed)].sort((a, b) => compareDecimals(parseDecimal(a), parseDecimal(b)));
        if (predefined.some(overCeiling)) {
          add('predefined_amount', `Each amount must be at most ${ceilingText}`, 'amount_too_large');
        }
        rangeMin = predefined[0] ?? null;
        rangeMax = predefined.at(-1) ?? null;
      }
    } else if (body.range_min === undefined || body.range_max === undefined) {
      add(
        body.range_min === undefined ? 'range_min' : 'range_max',
        'Give the minimum and maximum amounts',
        'required',
      );
    } else {
      rangeMin = fiat(body.range_min, currency.precision, 'range_min', errors);
      rangeMax = fiat(body.range_max, currency.precision, 'range_max', errors);
      if (rangeMin && rangeMax) {
        if (compareDecimals(parseDecimal(rangeMin), parseDecimal(rangeMax)) > 0) {
          add('range_max', 'The maximum must not be less than the minimum', 'min_greater_than_max');
        }
        if (overCeiling(rangeMax)) {
          add('range_max', `The maximum must be at most ${ceilingText}`, 'amount_too_large');
        }
      }
    }
    let newBuyerMax: string | null = null;
    if (body.new_buyer_limit !== undefined) {
      newBuyerMax = fiat(body.new_buyer_limit, currency.precision, 'new_buyer_limit', errors);
      if (newBuyerMax && rangeMin && compareDecimals(parseDecimal(newBuyerMax), parseDecimal(rangeMin)) < 0) {
        add(
          'new_buyer_limit',
          'The new-buyer maximum must be at least the minimum amount',
          'new_buyer_limit_too_low',
        );
      }
    }
    let capAmount: string | null = null;
    if (body.offer_cap) {
      capAmount = fiat(body.offer_cap.amount, currency.precision, 'offer_cap.amount', errors);
    }

    // Tags: approved and applicable to the method.
    const tagIds: number[] = [];
    for (const slug of [...new Set(body.tags)]) {
      const tag = data.tags.find((t) => t.slug === slug.toLowerCase());
      if (!tag) add('tags', `Unknown tag "${slug}"`, 'unknown_tag');
      else if (!tagApplies(data, tag.id, method.id, method.groupId)) {
        add('tags', `The tag "${slug}" does not apply to ${method.originalName}`, 'tag_not_applicable');
      } else tagIds.push(tag.id);
    }

    // Requirements, countries, hours, gift cards.
    const types = new Set(body.requirements.map((r) => r.type));
    const remaining = body.requirements.find((r) => r.type === 'RemainingTrades');
    if (remaining && remaining.value === undefined) {
      add('requirements', 'RemainingTrades needs the minimum number of past trades', 'min_trades_required');
    }
    const known = new Set(data.countries.map((c) => c.iso));
    const unknownCountries = body.countries.filter((iso) => !known.has(iso));
    if (unknownCountries.length > 0) {
      add('countries', `Unknown countries: ${unknownCountries.join(', ')}`, 'unknown_country');
    }
    if (body.country_list_mode === 'allow' && body.countries.length === 0) {
      add('countries', 'An allow list needs at least one country', 'countries_required');
    }
    if (!isValidTimezone(body.timezone)) add('timezone', 'Unknown time zone', 'unknown_timezone');
    const hours: HoursRow[] = mergeOpeningHours(body.opening_hours).map((h) => ({
      day: h.day,
      startMinute: minutesOf(h.start_time),
      endMinute: minutesOf(h.end_time),
      active: h.active,
    }));
    if (body.gift_card_bin_codes.length > 0 && !method.isBinCodeEnabled) {
      add('gift_card_bin_codes', 'This payment method does not take BIN codes', 'bin_codes_not_enabled');
    }
    const regionIds = new Set(data.regions.map((r) => r.id));
    if (body.card_regions.some((id) => !regionIds.has(id))) {
      add('card_regions', 'Unknown card region', 'unknown_region');
    }
    if (body.card_regions.length > 0 && !isGiftCard) {
      add('card_regions', 'Only for gift card methods', 'regions_not_for_method');
    }

    if (errors.length > 0 || !rangeMin || !rangeMax) throw validationError(errors);
    const row = {
      area: body.area,
      type: body.type,
      cryptoCode: crypto.code,
      paymentMethodId: method.id,
      paymentGroupId: method.groupId,
      fiatCurrencyCode: currency.code,
      margin,
      fixedPrice,
      amountMode,
      rangeMin,
      rangeMax,
      predefinedAmounts: predefined,
      newBuyerMax,
      paymentWindow: body.payment_window,
      offerTerms: body.offer_terms,
      tradeDetails: body.trade_details,
      paymentMethodLabel: body.payment_method_label,
      requireVerifiedId: types.has('VerifyId') || types.has('VerifyIAndShowFullName'),
      requireFullName: types.has('ShowFullName') || types.has('VerifyIAndShowFullName'),
      requireMinPastTrades: remaining?.value ?? null,
      blockVpn: types.has('Vpn'),
      isTrustedOnly: body.is_trusted_only,
      countryListMode: body.country_list_mode,
      countries: [...new Set(body.countries)],
      timezone: body.timezone,
      hasOpeningHours: hours.length > 0,
      capAmount,
      capActive: body.offer_cap?.active ?? false,
      giftCardBinCodes: [...new Set(body.gift_card_bin_codes)],
      cardRegions: [...new Set(body.card_regions)],
      flowType: body.flow_type,
      customRate: body.custom_rate ?? null,
      isThirdPartyAllowed: body.is_third_party_allowed,
      isGiftCodeCheckEnabled: body.is_gift_code_check_enabled,
    } satisfies Omit<NewOfferRow, 'hash' | 'userId'>;
    return { row, tagIds, hours, crypto };
  }

  /** Whether the owner's bond falls short for this offer (only offers in BOND_PAYMENT_GROUPS need one). */
  async function isBondInsufficient(
    offer: Pick<OfferRow, 'userId' | 'cryptoCode' | 'paymentGroupId'>,
    dbOrTx: DbOrTx = db,
  ) {
    if (!(await bondGroupIds()).includes(offer.paymentGroupId)) return false;
    const data = await catalogue.data();
    const crypto = data.cryptoByCode.get(offer.cryptoCode);
    if (!crypto) return false;
    const required = bondUnits(config, crypto.code, crypto.decimals, crypto.excludedOfferFeatures);
    if (required === 0n) return false;
    const bond = await ledger.accountState(crypto.code, { userId: offer.userId, kind: 'bond' }, dbOrTx);
    return bond.balance < required;
  }

  /**
   * Refuses what the owner's KYC level blocks (`KYC_ACTION_BLOCKED`): creating, switching on; and both
   * to an owner living in a blocked jurisdiction (`BLOCKED_IN_LOCATION`, decision 0039).
   */
  /** A search's filters resolved to ids and codes, its rates, and the statement's parameters. */
  async function resolveSearch(viewer: Viewer, q: OfferSearchQuery, extra: { ownerId?: number }) {
    const data = await catalogue.data();
    const live = await rates.view();
    const crypto =
      q.crypto_currency_id !== undefined
        ? data.cryptos.find((c) => c.id === q.crypto_currency_id)
        : data.cryptoByCode.get('BTC');
    if (!crypto) {
      throw fieldError('crypto_currency_id', 'Unknown crypto currency', 'unknown_crypto_currency');
    }
    const currency = q.currency ? data.currencyByCode.get(q.currency.toUpperCase()) : undefined;
    if (q.currency && !currency) throw fieldError('currency', 'Unknown currency', 'unknown_currency');
    let paymentMethodIds: number[] | undefined;
    if (q['payment-method']) {
      const method = data.methodBySlug.get(q['payment-method'].toLowerCase());
      if (!method) throw fieldError('payment-method', 'Unknown payment method', 'unknown_payment_method');
      paymentMethodIds = [method.id];
    }
    const visitorCountry = q.visitor_country_iso ?? viewer?.countryIso ?? undefined;
    if (q.is_payment_method_localized && visitorCountry) {
      const local = data.methods
        .filter((m) => m.countries.length === 0 || m.countries.includes(visitorCountry))
        .map((m) => m.id);
      paymentMethodIds = paymentMethodIds ? paymentMethodIds.filter((id) => local.includes(id)) : local;
    }
    let groupId: number | undefined;
    if (q.group && q.group !== 'all-payment-methods') {
      const group = data.groupBySlug.get(q.group);
      if (!group) throw fieldError('group', 'Unknown payment method group', 'unknown_group');
      groupId = group.id;
    }
    let tagIds: number[] | undefined;
    if (q.tags && q.tags.length > 0) {
      tagIds = q.tags.map((slug) => {
        const tag = data.tags.find((t) => t.slug === slug.toLowerCase());
        if (!tag) throw fieldError('tags', `Unknown tag "${slug}"`, 'unknown_tag');
        return tag.id;
      });
    }
    let ownerCountry = q.users_country_iso;
    // The worldwide entry `/countries` lists first (id 9999) means anywhere: no location filter.
    if (q.location_id !== undefined && q.location_id !== (data.worldwide?.id ?? WORLDWIDE_COUNTRY.id)) {
      const country = data.countries.find((c) => c.id === q.location_id);
      if (!country) throw fieldError('location_id', 'Unknown location', 'unknown_location');
      ownerCountry = country.iso;
    }
    // The order's rates: the search's snapshot (searchId), or the live version (a new search).
    let searchId = q.searchId;
    let sortRates: RatesParam | null;
    if (searchId) {
      if (!/^\d+$/.test(searchId)) {
        throw fieldError('searchId', 'Unknown search; start again', 'invalid_search_id');
      }
      const snapshot = await snapshotOf(Number(searchId));
      if (!snapshot) throw fieldError('searchId', 'This search has expired; start again', 'search_expired');
      sortRates = ratesParam(snapshot, crypto.code);
    } else {
      searchId = String(live.version);
      if (savedSnapshotVersion !== live.version) {
        await offersRepository.saveSnapshot(db, live.version, {
          cryptoUsd: Object.fromEntries(live.cryptoUsd),
          usdFiat: Object.fromEntries(live.usdFiat),
        });
        savedSnapshotVersion = live.version;
      }
      sortRates = ratesParam(live, crypto.code);
    }
    // One currency searched: send only its rate (the statement carries the rates as JSON parameters,
    // and the whole table of ~160 currencies is most of its bytes and parse time).
    const narrow = (rates: RatesParam | null): RatesParam | null =>
      rates && currency ? { cryptoUsd: rates.cryptoUsd, usdFiat: pick(rates.usdFiat, currency.code) } : rates;
    sortRates = narrow(sortRates);
    const liveRates = narrow(ratesParam(live, crypto.code));
    const meta = { searchId, crypto, live, data };
    if (!sortRates || !liveRates) return { params: null, meta };
    // The visitor buys from sell offers (cheapest first) and sells to buy offers (dearest first).
    const offerType = q.type === 'buy' ? 'sell' : 'buy';
    const direction: 'asc' | 'desc' =
      q.sort === 'crypto_usd_price_asc'
        ? 'asc'
        : q.sort === 'crypto_usd_price_desc'
          ? 'desc'
          : offerType === 'sell'
            ? 'asc'
            : 'desc';
    // The release-time sorts: the owners' 30-day mean release time, the figure the cards show; ties (and
    // owners without one, last either way) in the side's best-price order (decision 0050).
    const release =
      q.sort === 'release_time_asc' ? 'asc' : q.sort === 'release_time_desc' ? 'desc' : undefined;
    const after = q.page_id ? decodeCursor(q.page_id) : undefined;
    if (after && (release !== undefined) !== (after.release !== undefined)) {
      throw fieldError('page_id', 'This page link is not valid; start the search again', 'invalid_page_id');
    }
    const at = now();
    const params: SearchParams = {
      offerType,
      cryptoCode: crypto.code,
      cryptoDecimals: crypto.decimals,
      currency: currency?.code,
      paymentMethodIds,
      groupId,
      fiatAmount: q['fiat-min'],
      amountRangeMin: q.amount_range_min,
      amountRangeMax: q.amount_range_max,
      tagIds,
      ownerCountry,
      visitorCountry,
      binCode: q.binCode,
      cardRegion: q.cardRegion,
      newbieOnly: q.newbieOffers,
      onlineOnly: q.online_users,
      favoritesOnly: q.withFavorites && viewer !== null,
      ownerId: extra.ownerId,
      viewerId: viewer?.id,
      now: at,
      onlineSince: new Date(at.getTime() - ONLINE_WINDOW_MS),
      sortRates,
      liveRates,
      bondGroupIds: await bondGroupIds(),
      bondRequired: bondUnits(config, crypto.code, crypto.decimals, crypto.excludedOfferFeatures),
      blockedCountries: config.compliance.blockedCountries,
      direction,
      release: release
        ? { direction: release, since: releaseWindowStart(at, TRADER_STATS_WINDOW_DAYS) }
        : undefined,
      after,
      limit: q.limit + 1,
    };
    return { params, meta };
  }

  async function assertKycAllows(userId: number, ...actions: ('create-offer' | 'activate-offer')[]) {
    if (jurisdictions.blocksAny) {
      jurisdictions.assertNotBlocked((await usersRepository.findById(db, userId))?.countryIso, 'Offers are');
    }
    const standing = await kyc.standing(userId);
    for (const action of actions) kyc.assertAllowed(standing, action);
  }

  async function assertMayCreate(userId: number, activates: boolean) {
    const user = await usersRepository.findById(db, userId);
    if (!user) throw notFound('User not found');
    assertAllowed(user.accountState, 'create_offer');
    await assertKycAllows(userId, 'create-offer', ...(activates ? (['activate-offer'] as const) : []));
    return user;
  }

  /**
   * Runs `work` on the caller's own offer, locked; anybody else's offer is "not found". `activates`: the
   * work may switch the offer on, so the user's bond lock is taken first (wallet/bond-lock.ts: always
   * before any offer row) and the bond is checked inside `work` against what retrievals committed.
   */
  /** Announces a committed offer change (after the commit: a rolled-back write changes nothing). */
  async function announced<T>(write: Promise<T>): Promise<T> {
    const result = await write;
    announceMarketChange(options.events);
    return result;
  }

  async function withOwnOffer<T>(
    userId: number,
    hash: string,
    work: (offer: OfferRow, tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>,
    options: { activates?: boolean } = {},
  ) {
    return announced(
      db.transaction(async (tx) => {
        if (options.activates) await lockBondsOf(tx, userId);
        const offer = await offersRepository.lockOwned(tx, userId, hash);
        if (!offer) throw notFound('Offer not found');
        return work(offer, tx);
      }),
    );
  }

  const pick = (rates: Record<string, string>, code: string): Record<string, string> =>
    code in rates ? { [code]: rates[code]! } : {};

  /** Market price of one coin in a fiat, per the given view. */
  const marketPrice = (view: RatesView, coin: string, fiatCode: string) => fiatPerUnit(view, coin, fiatCode);

  function ratesParam(
    view: {
      cryptoUsd: ReadonlyMap<string, string> | Record<string, string>;
      usdFiat: ReadonlyMap<string, string> | Record<string, string>;
    },
    coin: string,
  ): RatesParam | null {
    const cryptoUsd =
      view.cryptoUsd instanceof Map ? view.cryptoUsd : new Map(Object.entries(view.cryptoUsd));
    const usdFiat = view.usdFiat instanceof Map ? view.usdFiat : new Map(Object.entries(view.usdFiat));
    const cu = cryptoUsd.get(coin);
    if (!cu) return null;
    return { cryptoUsd: cu, usdFiat: Object.fromEntries(usdFiat) };
  }

  /** Live price of an offer: fiat per coin and USD per coin. */
  function priceOf(
    view: RatesView,
    data: CatalogueData,
    offer: Pick<OfferRow, 'cryptoCode' | 'fiatCurrencyCode' | 'margin' | 'fixedPrice'>,
  ) {
    const currency = data.currencyByCode.get(offer.fiatCurrencyCode);
    const market = marketPrice(view, offer.cryptoCode, offer.fiatCurrencyCode);
    const precision = currency?.precision ?? 2;
    if (!market && offer.fixedPrice === null) return { fiat: null, usd: null };
    const fiatPrice = offerFiatPrice({
      market: market ?? '0',
      margin: offer.margin,
      fixedPrice: offer.fixedPrice,
      fiatPrecision: precision,
    });
    const usdFiat = view.usdFiat.get(offer.fiatCurrencyCode);
    const usd = usdFiat ? formatDecimal(divide(parseDecimal(fiatPrice), parseDecimal(usdFiat), 2)) : null;
    return { fiat: fiatPrice, usd };
  }

  return {
    isBondInsufficient,
    priceOf,
    /** The catalogue in hand (presenters format fiat amounts with the currency's precision). */
    data: () => catalogue.data(),
    /** An offer's live price, with the catalogue it was formatted by. */
    async livePrice(offer: Pick<OfferRow, 'cryptoCode' | 'fiatCurrencyCode' | 'margin' | 'fixedPrice'>) {
      const data = await catalogue.data();
      return { data, price: priceOf(await rates.view(), data, offer) };
    },
    bondGroupIds,

    /** Creates an offer; one whose bond falls short is stored inactive and says so. */
    async create(userId: number, body: OfferBody) {
      await assertMayCreate(userId, body.is_active);
      const { row, tagIds, hours } = await validate(body);
      const accounts = await checkPaymentAccounts(db, userId, body, row, await catalogue.data());
      return announced(
        db.transaction(async (tx) => {
          // Created active only with the bond, judged under the bond lock (a retrieval cannot slip between).
          if (body.is_active) await lockBondsOf(tx, userId);
          const bondShort = body.is_active && (await isBondInsufficient({ userId, ...row }, tx));
          const offer = await offersRepository.insert(
            tx,
            { ...row, userId, hash: newOfferHash(), isActive: body.is_active && !bondShort },
            tagIds,
            hours,
          );
          await offerPaymentAccountsRepository.replace(tx, offer.id, accounts);
          return { offer, isBondInsufficient: bondShort };
        }),
      );
    },

    /** Replaces an offer's fields (owner only). */
    async update(userId: number, hash: string, body: OfferBody) {
      const user = await usersRepository.findById(db, userId);
      if (!user) throw notFound('Offer not found');
      const existing = await offersRepository.findByHash(db, hash);
      if (!existing || existing.userId !== userId) throw notFound('Offer not found');
      assertAllowed(user.accountState, 'create_offer');
      if (body.is_active) await assertKycAllows(userId, 'activate-offer');
      const { row, tagIds, hours } = await validate(body);
      const accounts = await checkPaymentAccounts(
        db,
        userId,
        body,
        row,
        await catalogue.data(),
        await offerPaymentAccountsRepository.idsOf(db, existing.id),
      );
      return withOwnOffer(
        userId,
        hash,
        async (current, tx) => {
          // A penalty survives edits; a rejection (appealed or not) is what an edit answers: approved
          // again, and a waiting appeal against it is withdrawn.
          if (body.is_active && current.penaltyUntil) throw activationRefusal(current)!;
          const approves = isRejected(current.moderationStatus) && !current.penaltyUntil;
          if (approves) {
            await offerAppealsRepository.withdrawWaiting(tx, current.id, {
              by: null,
              reason: 'The owner edited the offer.',
              at: new Date(),
            });
          }
          const bondShort = body.is_active && (await isBondInsufficient({ userId, ...row }, tx));
          const updated = await offersRepository.update(tx, current.id, {
            ...row,
            isActive: body.is_active && !bondShort,
            ...(approves ? { moderationStatus: 1, moderatedBy: null } : {}),
          });
          await offersRepository.replaceChildren(tx, current.id, tagIds, hours);
          await offerPaymentAccountsRepository.replace(tx, current.id, accounts);
          return { offer: updated!, isBondInsufficient: bondShort };
        },
        { activates: body.is_active },
      );
    },

    async listMine(userId: number, type?: 'buy' | 'sell') {
      const data = await catalogue.data();
      const view = await rates.view();
      const rows = await offersRepository.listOfOwner(db, userId, type);
      const tags = await offersRepository.tagsOf(
        db,
        rows.map((r) => r.id),
      );
      const counts = await offersRepository.countsOfOwner(db, userId);
      const accounts = await offerPaymentAccountsRepository.of(
        db,
        rows.map((r) => r.id),
        data,
      );
      const appeals = await offerAppealsRepository.latestOf(
        db,
        rows.filter((r) => r.moderationStatus !== 1 || r.penaltyReason).map((r) => r.id),
      );
      const bond = await wallet.bondStatus(userId);
      const groups = await bondGroupIds();
      // The bond is per coin: one ledger read per coin, not per offer.
      const shortByCoin = new Map<string, Promise<boolean>>();
      const bondShortOf = (row: OfferRow) => {
        if (!groups.includes(row.paymentGroupId)) return Promise.resolve(false);
        let short = shortByCoin.get(row.cryptoCode);
        if (!short) {
          short = isBondInsufficient(row);
          shortByCoin.set(row.cryptoCode, short);
        }
        return short;
      };
      const offers = [];
      for (const row of rows) {
        offers.push({
          row,
          tagIds: tags.get(row.id) ?? [],
          price: priceOf(view, data, row),
          bondShort: await bondShortOf(row),
          appeal: appeals.get(row.id),
          paymentAccounts: accounts.get(row.id) ?? offerPaymentAccountsRepository.none,
        });
      }
      const needsBond = new Set(
        rows.filter((r) => groups.includes(r.paymentGroupId)).map((r) => r.cryptoCode),
      );
      return { offers, counts, bond, needsBond, data };
    },

    /** The caller's own offer with its tags and opening hours, for the editor (anybody else's: not found). */
    async editorState(userId: number, hash: string) {
      const offer = await offersRepository.findByHash(db, hash);
      if (!offer || offer.userId !== userId) throw notFound('Offer not found');
      const tagIds = (await offersRepository.tagsOf(db, [offer.id])).get(offer.id) ?? [];
      const hours = await offersRepository.hoursOf(db, offer.id);
      const data = await catalogue.data();
      const accounts = await offerPaymentAccountsRepository.of(db, [offer.id], data);
      return {
        offer,
        tagIds,
        hours,
        bondShort: await isBondInsufficient(offer),
        data,
        paymentAccounts: accounts.get(offer.id) ?? offerPaymentAccountsRepository.none,
      };
    },

    /** Switches one offer on or off; switching on needs the bond where the method requires one. */
    async setStatus(userId: number, hash: string, newStatus: boolean | string) {
      const on = isOnStatus(newStatus);
      if (on) {
        const user = await usersRepository.findById(db, userId);
        if (user) assertAllowed(user.accountState, 'activate_offer');
        await assertKycAllows(userId, 'activate-offer');
      }
      return withOwnOffer(
        userId,
        hash,
        async (offer, tx) => {
          const refused = on ? activationRefusal(offer) : null;
          if (refused) throw refused;
          // Inside the transaction, under the bond lock: a concurrent retrieval is either seen or waits.
          if (on && (await isBondInsufficient(offer, tx))) {
            throw new AppError(
              409,
              'OFFER_BOND_INSUFFICIENT',
              `Deposit the ${offer.cryptoCode} security deposit (bond) to activate this offer.`,
              undefined,
            );
          }
          // A deletion of one of its accounts either finished (the link is gone) or waits and then sees
          // the offer active (decision 0034).
          if (on) await offerPaymentAccountsRepository.lockAccounts(tx, offer.id);
          return (await offersRepository.update(tx, offer.id, { isActive: on }))!;
        },
        { activates: on },
      );
    },

    /**
     * Lifts a system penalty once its time has passed (`PUT /rest/v1/my-offers/{hash}/reset-penalty`):
     * the offer is approved again but stays off until the owner switches it on.
     */
    async resetPenalty(userId: number, hash: string) {
      return withOwnOffer(userId, hash, async (offer, tx) => {
        const refused = resetRefusal(offer, new Date());
        if (refused) throw refused;
        await offerAppealsRepository.withdrawWaiting(tx, offer.id, {
          by: null,
          reason: 'The owner reset the penalty.',
          at: new Date(),
        });
        return (await offersRepository.update(tx, offer.id, {
          penaltyUntil: null,
          penaltyReason: null,
          moderationStatus: 1,
          moderatedBy: null,
        }))!;
      });
    },

    /** Switches all the owner's offers; offers short of bond stay off and are reported. */
    async toggleAll(userId: number, newStatus: boolean | string) {
      const on = isOnStatus(newStatus);
      if (on) {
        const user = await usersRepository.findById(db, userId);
        if (user) assertAllowed(user.accountState, 'activate_offer');
        await assertKycAllows(userId, 'activate-offer');
      }
      return announced(
        db.transaction(async (tx) => {
          // The bond lock first, then the offers and their bonds as they are now (no retrieval between).
          if (on) await lockBondsOf(tx, userId);
          const rows = await offersRepository.listOfOwner(tx, userId);
          const skipped: string[] = [];
          const ids: number[] = [];
          for (const row of rows) {
            // Offers a moderator switched off stay off (each says why on its own switch).
            if (on && activationRefusal(row)) continue;
            if (on && (await isBondInsufficient(row, tx))) skipped.push(row.hash);
            else ids.push(row.id);
          }
          await offersRepository.setActiveOfOwner(tx, userId, ids, on);
          return { isActive: on, changed: ids.length, bondInsufficient: skipped };
        }),
      );
    },

    async setMargin(userId: number, hash: string, newMargin: string) {
      return withOwnOffer(userId, hash, async (offer, tx) => {
        const m = parseDecimal(newMargin);
        const { marginMin, marginMax } = config.offers;
        if (!isMarginWithinBounds(m, config.offers)) {
          throw fieldError(
            'new_margin',
            `The margin must be between ${marginMin}% and ${marginMax}%`,
            'margin_out_of_bounds',
          );
        }
        return (await offersRepository.update(tx, offer.id, {
          margin: formatDecimal(rescale(m, 4)),
          fixedPrice: null,
        }))!;
      });
    },

    async setFixedPrice(userId: number, hash: string, newPrice: string) {
      const data = await catalogue.data();
      const view = await rates.view();
      return withOwnOffer(userId, hash, async (offer, tx) => {
        const precision = data.currencyByCode.get(offer.fiatCurrencyCode)?.precision ?? 2;
        const errors: FieldError[] = [];
        const price = fiat(newPrice, precision, 'new_fixed_price', errors);
        if (!price) throw validationError(errors);
        const market = marketPrice(view, offer.cryptoCode, offer.fiatCurrencyCode);
        if (market) {
          const { marginMin, marginMax } = config.offers;
          if (!isMarginWithinBounds(impliedMargin(price, market), config.offers)) {
            throw fieldError(
              'new_fixed_price',
              `The price must be within ${marginMin}% and ${marginMax}% of the market price (${market})`,
              'fixed_price_out_of_bounds',
            );
          }
        }
        return (await offersRepository.update(tx, offer.id, { fixedPrice: price, margin: null }))!;
      });
    },

    /** Quick edit of the amounts: predefined amounts, or a range. */
    async setAmount(
      userId: number,
      hash: string,
      input: { predefined_amount?: string[]; range_min?: string; range_max?: string },
    ) {
      const existing = await offersRepository.findByHash(db, hash);
      if (!existing || existing.userId !== userId) throw notFound('Offer not found');
      const data = await catalogue.data();
      const view = await rates.view();
      const precision = data.currencyByCode.get(existing.fiatCurrencyCode)?.precision ?? 2;
      const errors: FieldError[] = [];
      const usdFiat = view.usdFiat.get(existing.fiatCurrencyCode);
      const ceiling = offerAmountCeiling(config.offers.maxLimitUsd, usdFiat);
      let values: Partial<NewOfferRow>;
      if (input.predefined_amount && input.predefined_amount.length > 0) {
        if (input.range_min !== undefined || input.range_max !== undefined) {
          throw fieldError(
            'predefined_amount',
            'Give a range or predefined amounts, not both',
            'amount_mode_conflict',
          );
        }
        if (input.predefined_amount.length > 20) {
          throw fieldError('predefined_amount', 'At most 20 amounts', 'too_many_amounts');
        }
        const amounts = input.predefined_amount.map((a) => fiat(a, precision, 'predefined_amount', errors));
        if (!amounts.every((a): a is string => a !== null)) throw validationError(errors);
        const sorted = [...new Set(amounts)].sort((a, b) =>
          compareDecimals(parseDecimal(a), parseDecimal(b)),
        );
        if (ceiling && sorted.some((a) => compareDecimals(parseDecimal(a), ceiling) > 0)) {
          throw fieldError(
            'predefined_amount',
            `Each amount must be at most ${config.offers.maxLimitUsd} USD`,
            'amount_too_large',
          );
        }
        values = {
          amountMode: 'predefined',
          predefinedAmounts: sorted,
          rangeMin: sorted[0]!,
          rangeMax: sorted.at(-1)!,
        };
      } else {
        if (input.range_min === undefined || input.range_max === undefined) {
          throw fieldError(
            input.range_min === undefined ? 'range_min' : 'range_max',
            'Give the minimum and maximum amounts',
            'required',
          );
        }
        const min = fiat(input.range_min, precision, 'range_min', errors);
        const max = fiat(input.range_max, precision, 'range_max', errors);
        if (!min || !max) throw validationError(errors);
        if (compareDecimals(parseDecimal(min), parseDecimal(max)) > 0) {
          throw fieldError(
            'range_max',
            'The maximum must not be less than the minimum',
            'min_greater_than_max',
          );
        }
        if (ceiling && compareDecimals(parseDecimal(max), ceiling) > 0) {
          throw fieldError(
            'range_max',
            `The maximum must be at most ${config.offers.maxLimitUsd} USD`,
            'amount_too_large',
          );
        }
        values = { amountMode: 'min_max', predefinedAmounts: [], rangeMin: min, rangeMax: max };
      }
      return withOwnOffer(
        userId,
        hash,
        async (offer, tx) => (await offersRepository.update(tx, offer.id, values))!,
      );
    },

    /** Sets the offer cap (owner only) and answers the cap state. */
    async setCap(userId: number, hash: string, cap: { amount: string; active: boolean }) {
      const data = await catalogue.data();
      return withOwnOffer(userId, hash, async (offer, tx) => {
        const precision = data.currencyByCode.get(offer.fiatCurrencyCode)?.precision ?? 2;
        const errors: FieldError[] = [];
        const amount = fiat(cap.amount, precision, 'offer_cap.amount', errors);
        if (!amount) throw validationError(errors);
        return (await offersRepository.update(tx, offer.id, { capAmount: amount, capActive: cap.active }))!;
      });
    },

    /**
     * The marketplace search: filters resolved to ids, the rates snapshot, one SQL statement; with
     * `count` (a first page), also how many offers match, up to OFFER_SEARCH_TOTAL_CAP (a second
     * statement, run beside the page's).
     */
    async search(viewer: Viewer, q: OfferSearchQuery, extra: { ownerId?: number; count?: boolean } = {}) {
      const resolved = await resolveSearch(viewer, q, extra);
      if (!resolved.params) return { rows: [], nextPageId: null, total: null, ...resolved.meta };
      const { params, meta } = resolved;
      const counting = extra.count && !q.page_id;
      const [rows, total] = await Promise.all([
        offersRepository.search(db, params),
        counting ? offersRepository.count(db, params, OFFER_SEARCH_TOTAL_CAP) : null,
      ]);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      const nextPageId = rows.length > q.limit && last ? encodeCursor(cursorOf(last)) : null;
      return { rows: page, nextPageId, total, ...meta };
    },

    /** How many offers the search matches for this viewer (up to OFFER_SEARCH_TOTAL_CAP). */
    async count(viewer: Viewer, q: OfferSearchQuery): Promise<{ total: number; capped: boolean }> {
      const { params } = await resolveSearch(viewer, { ...q, page_id: undefined }, {});
      return params
        ? offersRepository.count(db, params, OFFER_SEARCH_TOTAL_CAP)
        : { total: 0, capped: false };
    },

    /**
     * The offer page's facts that are the same for every viewer (shared for the market's window,
     * decision 0031): the offer, its owner, tags and hours, and whether it passes the visibility rules
     * that do not depend on the viewer (active, owner's state, hours, funds, bond).
     */
    async offerPage(hash: string) {
      const offer = await offersRepository.findByHash(db, hash);
      if (!offer) throw notFound('Offer not found');
      const data = await catalogue.data();
      const live = await rates.view();
      const crypto = data.cryptoByCode.get(offer.cryptoCode);
      const owner = await usersRepository.findById(db, offer.userId);
      if (!crypto || !owner) throw notFound('Offer not found');
      const liveRates = ratesParam(live, crypto.code);
      const isListed =
        liveRates !== null &&
        (await offersRepository.isListed(db, offer.id, {
          now: now(),
          liveRates,
          cryptoDecimals: crypto.decimals,
          bondGroupIds: await bondGroupIds(),
          bondRequired: bondUnits(config, crypto.code, crypto.decimals, crypto.excludedOfferFeatures),
          blockedCountries: config.compliance.blockedCountries,
        }));
      const tags = (await offersRepository.tagsOf(db, [offer.id])).get(offer.id) ?? [];
      const hours = await offersRepository.hoursOf(db, offer.id);
      return {
        offer,
        owner,
        crypto,
        tags,
        hours: hours.map((h) => ({
          day: h.day,
          start_time: timeOf(h.startMinute),
          end_time: timeOf(h.endMinute),
          active: h.active,
        })),
        isListed,
        price: priceOf(live, data, offer),
        /** The offer page's "recommended offers": same coin, currency and method, from the viewer's side. */
        recommendedQuery: offerSearchQuerySchema.parse({
          type: offer.type === 'sell' ? 'buy' : 'sell',
          currency: offer.fiatCurrencyCode,
          'payment-method': data.methodById.get(offer.paymentMethodId)?.slug,
          crypto_currency_id: crypto.id,
          limit: 4,
        }),
        live,
        data,
      };
    },

    /** The version of the rates a new search prices with (part of a shared page's identity). */
    async ratesVersion() {
      return (await rates.view()).version;
    },

    /** A user's active offers for the public profile: the marketplace rules, restricted to one owner. */
    async userActiveOffers(
      viewer: Viewer,
      ownerId: number,
      q: { offerType: 'buy' | 'sell'; cryptoCode?: string; sort: OfferSearchQuery['sort']; limit: number },
    ) {
      const data = await catalogue.data();
      const crypto = q.cryptoCode ? findCrypto(data, q.cryptoCode) : data.cryptoByCode.get('BTC');
      if (!crypto) {
        throw fieldError('crypto_currency_code', 'Unknown crypto currency', 'unknown_crypto_currency');
      }
      const query = offerSearchQuerySchema.parse({
        type: q.offerType === 'sell' ? 'buy' : 'sell',
        crypto_currency_id: crypto.id,
        sort: q.sort,
      });
      return this.search(viewer, { ...query, limit: q.limit }, { ownerId });
    },

    async favorite(userId: number, hash: string, on: boolean) {
      const offer = await offersRepository.findByHash(db, hash);
      if (!offer) throw notFound('Offer not found');
      if (on) await offersRepository.addFavorite(db, userId, offer.id);
      else await offersRepository.removeFavorite(db, userId, offer.id);
      announceViewerChange(options.events, [userId]);
      return { isFavorite: on };
    },

    /**
     * A page of the viewer's favourites (20 a page) with the counts per offer type, whatever the filter,
     * and the spec's page-numbered pagination of the filtered list.
     */
    async favorites(userId: number, q: { page: number; type?: 'buy' | 'sell'; sort: FavoriteOfferSort }) {
      const rows = await offersRepository.favoritesOf(db, userId, {
        type: q.type,
        newestFirst: q.sort === 'newest',
        offset: (q.page - 1) * FAVORITES_PAGE_SIZE,
        limit: FAVORITES_PAGE_SIZE + 1,
      });
      const counts = await offersRepository.favoriteCountsOf(db, userId);
      const total = q.type ? counts[q.type] : counts.buy + counts.sell;
      return {
        rows: rows.slice(0, FAVORITES_PAGE_SIZE),
        hasMore: rows.length > FAVORITES_PAGE_SIZE,
        counts,
        pagination: {
          total,
          currentPage: q.page,
          perPage: FAVORITES_PAGE_SIZE,
          lastPage: Math.max(1, Math.ceil(total / FAVORITES_PAGE_SIZE)),
        },
        data: await catalogue.data(),
        live: await rates.view(),
      };
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
