import {
  compareDecimals,
  divide,
  formatBaseUnits,
  formatBaseUnitsTrimmed,
  formatDecimal,
  fullNameFor,
  offerFiatPrice,
  parseAmount,
  parseDecimal,
  priceMovedBeyondTolerance,
  rescale,
  subtract,
  TRADE_PRICE_TOLERANCE_PERCENT,
  type Locale,
  type TradeMessage,
  type TradePriceChange,
  type TradeStartBody,
} from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { assertAllowed } from '../../platform/auth/account-policy.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import { fiatPerUnit } from '../rates/index.js';
import { tradesRepository, type RequirementRow, type TradeRow } from './repository.js';
import { randomInt } from 'node:crypto';
import type { TradesContext } from './context.js';
import type { TradeChat } from './chat.js';
import type { TradeLifecycle } from './lifecycle.js';
import type { TradeViewer } from './rules.js';
import type { TradeViews } from './views.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A random, opaque public id (62^16 ~ 5e28): never a sequence, never guessable. */
export const newTradeHash = (): string => Array.from({ length: 16 }, () => BASE62[randomInt(62)]).join('');

/** A daily threshold no lifetime volume reaches: the last day is never added up (`takerVolumes`). */
const NO_DAILY_LIMIT = '1000000000000000';

/** The spec's start-trade refusals that concern the amount: 422 with the detail on `fiat_amount`. */
const amountRefusal = (code: string, message: string) =>
  new AppError(422, code, message, [{ field: 'fiat_amount', message, code }]);

/** 409 `price_changed`: the price moved beyond the tolerance since the taker confirmed it. */
const priceChanged = (priceChange: TradePriceChange) =>
  new AppError(
    409,
    'price_changed',
    `The price moved from ${priceChange.expectedPrice} to ${priceChange.price} ${priceChange.fiatCurrencyCode} since you confirmed (more than ${priceChange.tolerancePercent} %). Nothing was started: confirm the new price to start the trade.`,
    undefined,
    undefined,
    { priceChange },
  );

/** Requirements the offer's tags ask of the buyer. */
const TAG_REQUIREMENTS: Record<
  string,
  { type: RequirementRow['type']; step: RequirementRow['step']; optional: boolean }
> = {
  'photo-id-required': { type: 'photo_id', step: 'beforeRevealPaymentDetails', optional: false },
  'receipt-required': { type: 'receipt', step: 'beforeMarkAsPaid', optional: false },
  'with-receipt': { type: 'receipt', step: 'beforeMarkAsPaid', optional: true },
};

/**
 * Starting a trade: the offer's availability and requirements, the amount within limits, the price
 * fixed from the current rates, and the escrow locked in the creating transaction.
 */
export function createTradeStart(
  ctx: TradesContext,
  chat: TradeChat,
  views: TradeViews,
  lifecycle: Pick<TradeLifecycle, 'holdOwnerBond'>,
) {
  const { db, ledger, catalogue, rates, offers, limits, kyc, jurisdictions, now } = ctx;
  const { systemMessage, publishMessage, publishStatus } = chat;
  const { view } = views;
  const { holdOwnerBond } = lifecycle;

  async function start(viewer: TradeViewer, body: TradeStartBody, ctx: { ip: string; locale: Locale }) {
    // The offer with everything the start checks about it and the two people, in one statement.
    const found = await tradesRepository.startFacts(db, {
      offerHash: body.offer_hash,
      takerId: viewer.id,
      at: now(),
    });
    if (!found) throw notFound('Offer not found');
    const { offer, facts } = found;
    if (offer.userId === viewer.id) {
      throw new AppError(
        409,
        'TRADE_WITH_YOURSELF',
        'This is your own offer: you cannot trade with yourself.',
      );
    }
    if (!facts) throw notFound('Offer not found');
    const taker = { id: viewer.id, ...facts.taker };
    const owner = { id: offer.userId, ...facts.owner };
    assertAllowed(taker.accountState, 'start_trade');
    jurisdictions.assertNotBlocked(taker.countryIso, 'Trading is');
    // Blocked either way, or trusted-only for someone the owner does not trust: as on the offer page,
    // the offer does not exist for this user (no hint that they were blocked).
    const { fromOwner, fromTaker } = facts;
    if (fromOwner === 'blocked' || fromTaker === 'blocked') throw notFound('Offer not found');
    if (offer.isTrustedOnly && fromOwner !== 'trusted') throw notFound('Offer not found');
    // A coin the operator switched off (CHAIN_XMR=off) is not in the catalogue's coins: its offers made
    // before stay in the database but no trade starts on them (decision 0055).
    if (
      !offer.isActive ||
      !(await catalogue.data()).cryptoByCode.has(offer.cryptoCode) ||
      owner.accountState !== 'active' ||
      jurisdictions.isBlocked(owner.countryIso) ||
      (await offers.isBondInsufficient(offer))
    ) {
      throw new AppError(409, 'OFFER_NOT_AVAILABLE', 'This offer is not available for trading right now.');
    }
    if (!facts.open) {
      throw new AppError(409, 'OFFER_CLOSED_NOW', "This offer is outside its owner's opening hours.");
    }
    const takerCountry = taker.countryIso;
    const countryAllowed =
      offer.countryListMode === 'all' ||
      (takerCountry !== null &&
        (offer.countryListMode === 'allow') === offer.countries.includes(takerCountry));
    if (!countryAllowed) {
      throw new AppError(403, 'OFFER_COUNTRY_NOT_ALLOWED', 'This offer is not available in your country.');
    }
    // The taker's KYC level (decision 0037): the side they take may be blocked, and it sets their limits.
    const standing = kyc.standingOf(facts.takerKyc);
    kyc.assertAllowed(standing, offer.type === 'sell' ? 'start-trade-buy' : 'start-trade-sell');
    const idVerified = kyc.idVerified(standing);
    const level = standing.level;
    const unmet: { field: string; message: string; code: string }[] = [];
    if (offer.requireVerifiedId && !idVerified) {
      unmet.push({ field: 'requirements', message: 'The offer requires a verified ID.', code: 'VerifyId' });
    }
    // The owner will be the taker's trade partner: the name must be one the taker shows them (0050).
    if (
      offer.requireFullName &&
      fullNameFor(facts.takerName, { trusted: fromTaker === 'trusted', partner: true }) === null
    ) {
      unmet.push({
        field: 'requirements',
        message:
          'The offer requires your full name to be shown: verify your ID and let trade partners see your name in your settings.',
        code: 'ShowFullName',
      });
    }
    if (offer.requireMinPastTrades !== null) {
      const past = facts.takerCompletedTrades;
      if (past < offer.requireMinPastTrades) {
        unmet.push({
          field: 'requirements',
          message: `The offer requires at least ${offer.requireMinPastTrades} completed trades (you have ${past}).`,
          code: 'RemainingTrades',
        });
      }
    }
    if (unmet.length > 0) {
      throw new AppError(
        403,
        'OFFER_REQUIREMENTS_NOT_MET',
        "You do not meet the offer's requirements.",
        unmet,
      );
    }

    // The amount: the currency's precision, within the offer's limits.
    const data = await catalogue.data();
    const crypto = data.cryptoByCode.get(offer.cryptoCode);
    const currency = data.currencyByCode.get(offer.fiatCurrencyCode);
    if (!crypto || !currency) throw new AppError(409, 'OFFER_NOT_AVAILABLE', 'This offer is not available.');
    const parsed = parseAmount(body.fiat_amount, currency.precision);
    if (!parsed.ok) throw fieldError('fiat_amount', parsed.message, parsed.code);
    const fiat = { units: parsed.units, scale: currency.precision };
    const fiatString = formatDecimal(fiat);
    const cmp = (a: string, b: string) => compareDecimals(parseDecimal(a), parseDecimal(b));
    const withinLimits =
      offer.amountMode === 'predefined'
        ? offer.predefinedAmounts.some((amount) => cmp(amount, fiatString) === 0)
        : cmp(fiatString, offer.rangeMin) >= 0 && cmp(fiatString, offer.rangeMax) <= 0;
    if (!withinLimits) {
      const shown = (v: string) => formatDecimal(rescale(parseDecimal(v), currency.precision));
      throw amountRefusal(
        'TradeLimit',
        offer.amountMode === 'predefined'
          ? `Choose one of the offer's amounts: ${offer.predefinedAmounts.map(shown).join(', ')} ${currency.code}.`
          : `The amount must be between ${shown(offer.rangeMin)} and ${shown(offer.rangeMax)} ${currency.code}.`,
      );
    }
    const sellerId = offer.type === 'sell' ? owner.id : taker.id;
    const buyerId = offer.type === 'sell' ? taker.id : owner.id;
    if (offer.type === 'sell' && offer.newBuyerMax !== null && cmp(fiatString, offer.newBuyerMax) > 0) {
      if (!(await tradesRepository.hasBoughtFrom(db, buyerId, sellerId))) {
        throw amountRefusal(
          'NewBuyerTradeLimit',
          `Your first trade with ${owner.username} may be at most ${formatDecimal(rescale(parseDecimal(offer.newBuyerMax), currency.precision))} ${currency.code}.`,
        );
      }
    }

    // The price, fixed now from the current rates; the limits are in USD.
    const live = await rates.view();
    const market = fiatPerUnit(live, crypto.code, currency.code);
    const usdFiat = live.usdFiat.get(currency.code);
    if ((!market && offer.fixedPrice === null) || !usdFiat) {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'No market rate is available for this offer right now.');
    }
    const price = offerFiatPrice({
      market: market ?? '0',
      margin: offer.margin,
      fixedPrice: offer.fixedPrice,
      fiatPrecision: currency.precision,
    });
    const amountUsd = divide(fiat, parseDecimal(usdFiat), 8);
    const usd = (n: number) => parseDecimal(String(n));
    const { perTradeUsd, dailyTradeUsd, lifetimeTradeUsd, maxActiveTrades } = level.limits;
    const raise = standing.next ? ` Verify to reach ${standing.next.id} and raise it.` : '';
    if (perTradeUsd !== null && compareDecimals(amountUsd, usd(perTradeUsd)) > 0) {
      throw amountRefusal(
        'max_per_trade_limit',
        `At your verification level (${level.id}) a trade may be worth at most ${perTradeUsd} USD.${raise}`,
      );
    }
    /**
     * The taker's own limits: active trades, the last 24 hours, the lifetime volume. Checked inside the
     * start's transaction under the taker's row lock (`lockStart`), so concurrent starts by one taker
     * queue and the limits hold exactly.
     */
    const checkTakerLimits = async (tx: DbOrTx) => {
      const volumes = await tradesRepository.takerVolumes(
        tx,
        taker.id,
        new Date(now().getTime() - 86_400_000),
        // Without a daily limit the last day never matters: no lifetime volume reaches this.
        dailyTradeUsd === null ? NO_DAILY_LIMIT : formatDecimal(subtract(usd(dailyTradeUsd), amountUsd)),
      );
      if (maxActiveTrades !== null && volumes.active >= maxActiveTrades) {
        throw new AppError(
          409,
          'max_2_active_trades_id_not_verified',
          `At your verification level (${level.id}) you may have at most ${maxActiveTrades} running trades. Finish one first.${raise}`,
        );
      }
      if (
        dailyTradeUsd !== null &&
        compareDecimals(addDecimal(parseDecimal(volumes.day), amountUsd), usd(dailyTradeUsd)) > 0
      ) {
        throw amountRefusal(
          'reached_daily_compliance_limit',
          `At your verification level (${level.id}) your trades of the last 24 hours may add up to at most ${dailyTradeUsd} USD.${raise}`,
        );
      }
      if (
        lifetimeTradeUsd !== null &&
        compareDecimals(addDecimal(parseDecimal(volumes.lifetime), amountUsd), usd(lifetimeTradeUsd)) > 0
      ) {
        throw amountRefusal(
          'KycTradeLimit',
          `Your verification level (${level.id}) allows trades worth ${lifetimeTradeUsd} USD in total.${raise}`,
        );
      }
    };

    // Crypto: fiat / price rounded DOWN to the base unit; the fee (offer owner pays) rounded down too.
    const cryptoUnits = divide(fiat, parseDecimal(price), crypto.decimals, 'down').units;
    if (cryptoUnits <= 0n) {
      throw amountRefusal('TradeLimit', 'The amount is too small to buy any crypto at this price.');
    }
    // The price the taker confirmed: beyond the tolerance they are asked again, and nothing starts.
    if (body.expected_price !== undefined && priceMovedBeyondTolerance(body.expected_price, price)) {
      throw priceChanged({
        expectedPrice: body.expected_price,
        price,
        fiatAmount: fiatString,
        fiatCurrencyCode: currency.code,
        cryptoAmount: formatBaseUnits(cryptoUnits, crypto.decimals),
        cryptoCurrencyCode: crypto.code,
        tolerancePercent: TRADE_PRICE_TOLERANCE_PERCENT,
      });
    }
    const pct = parseDecimal(limits.feePercent.toFixed(4));
    const feeUnits = (cryptoUnits * pct.units) / (100n * 10n ** BigInt(pct.scale));
    const ownerSells = offer.type === 'sell';
    const buyerReceives = ownerSells ? cryptoUnits : cryptoUnits - feeUnits;
    const escrowUnits = buyerReceives + feeUnits;
    const requirements = await requirementsOfTags(facts.tagIds);
    const at = now();
    const hash = newTradeHash();

    let created: { trade: TradeRow; message: TradeMessage; requirementRows: RequirementRow[] };
    try {
      created = await db.transaction(async (tx) => {
        // The taker's and the offer's rows: concurrent starts by one taker, and on one offer, queue.
        const locked = await tradesRepository.lockStart(tx, offer.id, taker.id);
        if (!locked?.isActive) {
          throw new AppError(
            409,
            'OFFER_NOT_AVAILABLE',
            'This offer is not available for trading right now.',
          );
        }
        await checkTakerLimits(tx);
        if (locked.capActive && locked.capAmount !== null) {
          const used = await tradesRepository.capUsed(tx, offer.id);
          const remaining = subtract(parseDecimal(locked.capAmount), parseDecimal(used));
          if (compareDecimals(fiat, remaining) > 0) {
            throw new AppError(
              409,
              'OFFER_CAP_REACHED',
              `This offer has ${formatDecimal(rescale(remaining, currency.precision))} ${currency.code} left of its cap.`,
              [
                {
                  field: 'fiat_amount',
                  message: 'Above what is left of the offer cap',
                  code: 'OFFER_CAP_REACHED',
                },
              ],
            );
          }
        }
        const { trade, lock } = await tradesRepository.insert(tx, {
          hash,
          offerId: offer.id,
          ownerId: owner.id,
          buyerId,
          sellerId,
          offerType: offer.type,
          cryptoCode: crypto.code,
          fiatCurrencyCode: currency.code,
          paymentMethodId: offer.paymentMethodId,
          paymentMethodLabel: offer.paymentMethodLabel,
          flowType: offer.flowType,
          fiatAmount: fiatString,
          fiatPrice: price,
          fiatAmountUsd: formatDecimal(amountUsd),
          cryptoAmount: cryptoUnits.toString(),
          feePercent: formatDecimal(pct),
          feeAmount: feeUnits.toString(),
          escrowAmount: escrowUnits.toString(),
          buyerReceives: buyerReceives.toString(),
          status: 'active_funded',
          paymentWindow: offer.paymentWindow,
          offerTerms: offer.offerTerms,
          paymentDetails: offer.tradeDetails,
          paymentAccounts: facts.paymentAccounts,
          startedAt: at,
          expiresAt: new Date(at.getTime() + offer.paymentWindow * 60_000),
          buyerIp: buyerId === taker.id ? ctx.ip : null,
          sellerIp: sellerId === taker.id ? ctx.ip : null,
          buyerSeenAt: buyerId === taker.id ? at : null,
        });
        await ledger.lockEscrow(
          { tradeId: hash, cryptoCode: crypto.code, sellerId, buyerId, amount: buyerReceives, fee: feeUnits },
          tx,
        );
        const requirementRows = await tradesRepository.insertRequirements(
          tx,
          requirements.map((r) => ({ tradeId: trade.id, ...r })),
        );
        const message = await systemMessage(
          tx,
          trade,
          'trade_started',
          'active_funded',
          `Trade started: ${formatBaseUnitsTrimmed(escrowUnits, crypto.decimals)} ${crypto.code} are locked in escrow. The buyer has ${offer.paymentWindow} minutes to pay ${fiatString} ${currency.code} and mark the payment as sent.`,
          {
            parties: ownerSells
              ? { buyer: taker.username, seller: owner.username }
              : { buyer: owner.username, seller: taker.username },
            lock,
          },
        );
        return { trade, message, requirementRows };
      });
    } catch (error) {
      // The ledger checks the seller's balance under its row lock (the only reliable moment to check):
      // its refusal is the spec's LowBalance.
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
        throw lowBalance(sellerId === taker.id, crypto.code);
      }
      throw error;
    }
    publishStatus(created.trade, 'trade.started', null, 'start', at);
    publishMessage(created.trade, created.message);
    await holdOwnerBond(created.trade);
    // The view from what the start knows: a new trade has no chargeback or dispute, and its parties
    // neither block each other (the start refuses them) nor changed their relation meanwhile.
    const fromBuyer = buyerId === taker.id ? fromTaker : fromOwner;
    const fromSeller = buyerId === taker.id ? fromOwner : fromTaker;
    return view(created.trade, buyerId === taker.id ? 'buyer' : 'seller', taker.id, ctx.locale, {
      requirements: created.requirementRows,
      blocked: false,
      relations: { fromBuyer: fromBuyer ?? null, fromSeller: fromSeller ?? null },
      chargeback: null,
      hasDispute: false,
    });
  }

  const lowBalance = (takerSells: boolean, code: string) =>
    amountRefusal(
      'LowBalance',
      takerSells
        ? `Your available ${code} balance does not cover this amount and the escrow fee.`
        : `The seller's available ${code} balance does not cover this amount right now.`,
    );

  /** Requirements the offer's tags ask of the buyer. */
  async function requirementsOfTags(tagIds: readonly number[]) {
    const data = await catalogue.data();
    const byType = new Map<
      string,
      { type: RequirementRow['type']; step: RequirementRow['step']; optional: boolean }
    >();
    for (const id of tagIds) {
      const slug = data.tags.find((t) => t.id === id)?.slug;
      const requirement = slug ? TAG_REQUIREMENTS[slug] : undefined;
      if (!requirement) continue;
      // A required receipt wins over an optional one when an offer carries both tags.
      const existing = byType.get(requirement.type);
      if (!existing || (existing.optional && !requirement.optional)) {
        byType.set(requirement.type, requirement);
      }
    }
    return [...byType.values()];
  }

  return { start };
}

const addDecimal = (a: ReturnType<typeof parseDecimal>, b: ReturnType<typeof parseDecimal>) => {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale).units + rescale(b, scale).units, scale };
};
