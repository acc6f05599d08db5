import { eq, sql } from 'drizzle-orm';
import {
  compareDecimals,
  formatDecimal,
  multiply,
  parseDecimal,
  rescale,
  subtract,
  type BlockedKycAction,
  type Decimal,
  type KycLevel,
  type KycLevelCheck,
  type KycLevelsInfo,
  type KycLevelsTable,
  type KycLimitationArea,
  type KycLimitations,
  type KycRequirement,
  type KycUsage,
} from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { preparedStatement } from '../../platform/db/prepared.js';
import { users } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/errors.js';
import { levelOf, nextLevelOf, requirementsOf } from './levels.js';
import { userKyc, type VideoStatus } from './tables.js';

/** What the trades and wallet modules report of a user's use of their limits (passed in by the app). */
export type KycUsageReaders = {
  /** Running trades, and the USD volume that counts since `since` and ever (the trades module). */
  trades(userId: number, since: Date): Promise<{ active: number; day: string; lifetime: string }>;
  /** The USD value of the crypto sent out since `since` (the wallet module). */
  withdrawals(userId: number, since: Date): Promise<string>;
};

/** What a trader has proven, as read from `users` and `user_kyc` (null dates: not met). */
export type KycFacts = {
  userId: number;
  isEmailVerified: boolean;
  phoneVerified: boolean;
  isDemoAccount: boolean;
  idDocument: boolean;
  selfie: boolean;
  address: boolean;
  video: boolean;
  company: boolean;
  videoStatus: VideoStatus | null;
};

/** Where a trader stands: their level, what they have proven, and the next level up. */
export type KycStanding = {
  userId: number;
  level: KycLevel;
  next: KycLevel | null;
  met: ReadonlySet<KycRequirement>;
  videoStatus: VideoStatus | null;
  /** The spec's account level: the level's, or -1 for a demo account. */
  accountLevel: number;
};

/**
 * The columns of `user_kyc` a statement of another module reads with its own rows (the trade start reads
 * them with the taker), as SQL over the table alias given: `(<alias>.id_document_at IS NOT NULL) AS ...`.
 */
export const kycFactsColumns = (alias: string) => {
  const k = sql.raw(alias);
  return sql`${k}.id_document_at IS NOT NULL AS kyc_id_document, ${k}.selfie_at IS NOT NULL AS kyc_selfie,
    ${k}.address_at IS NOT NULL AS kyc_address, ${k}.video_at IS NOT NULL AS kyc_video,
    ${k}.company_at IS NOT NULL AS kyc_company, ${k}.video_status AS kyc_video_status`;
};

/** The row those columns make (see `kycFactsColumns`). */
export type KycFactsColumns = {
  kyc_id_document: boolean | null;
  kyc_selfie: boolean | null;
  kyc_address: boolean | null;
  kyc_video: boolean | null;
  kyc_company: boolean | null;
  kyc_video_status: VideoStatus | null;
};

const DAY_MS = 86_400_000;

const factsOf = preparedStatement((db) =>
  db
    .select({
      isEmailVerified: users.isEmailVerified,
      phoneVerifiedAt: users.phoneVerifiedAt,
      isDemoAccount: users.isDemoAccount,
      idDocumentAt: userKyc.idDocumentAt,
      selfieAt: userKyc.selfieAt,
      addressAt: userKyc.addressAt,
      videoAt: userKyc.videoAt,
      videoStatus: userKyc.videoStatus,
      companyAt: userKyc.companyAt,
      firstName: userKyc.firstName,
      middleName: userKyc.middleName,
      lastName: userKyc.lastName,
    })
    .from(users)
    .leftJoin(userKyc, eq(userKyc.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('kyc_facts_of_user'),
);

const usd = (value: number | null): Decimal | null => (value === null ? null : parseDecimal(String(value)));
const show = (value: Decimal) => formatDecimal(rescale(value, 2, 'down'));
const ZERO = parseDecimal('0');
const max0 = (value: Decimal) => (compareDecimals(value, ZERO) < 0 ? ZERO : value);

/** A limit and what was used of it, as the limitations answer shows them. */
function usage(limit: number | null, used: string): KycUsage {
  const usedValue = parseDecimal(used);
  const limitValue = usd(limit);
  return {
    limitUsd: limitValue === null ? null : show(limitValue),
    usedUsd: show(usedValue),
    leftUsd: limitValue === null ? null : show(max0(subtract(limitValue, usedValue))),
  };
}

/**
 * Where traders stand (decision 0037): a trader's level from the operator's table and what they have
 * proven, and refusals of the actions a level blocks. What trades, wallet and offers ask.
 */
export function createKycStandings(options: { db: Db; levels: KycLevelsTable }) {
  const { db, levels } = options;

  /** Where a trader stands, from facts already read. */
  function standingOf(facts: KycFacts): KycStanding {
    const met = new Set<KycRequirement>();
    if (facts.isEmailVerified) met.add('email');
    if (facts.phoneVerified) met.add('phone');
    if (facts.idDocument) met.add('id_document');
    if (facts.selfie) met.add('selfie');
    if (facts.address) met.add('address');
    if (facts.video) met.add('video');
    if (facts.company) met.add('company');
    const level = levelOf(levels, met);
    return {
      userId: facts.userId,
      level,
      next: nextLevelOf(levels, level),
      met,
      videoStatus: facts.videoStatus,
      accountLevel: facts.isDemoAccount ? -1 : level.accountLevel,
    };
  }

  async function standing(userId: number, dbOrTx: DbOrTx = db): Promise<KycStanding> {
    return (await standingWithName(userId, dbOrTx)).standing;
  }

  /**
   * Where a trader stands, and the name their ID verification proved (null names without a verified ID
   * document): the current user shows both, from the same statement.
   */
  async function standingWithName(userId: number, dbOrTx: DbOrTx = db) {
    const [row] = await factsOf(dbOrTx).execute({ id: userId });
    const verified = Boolean(row?.idDocumentAt);
    const name = {
      firstName: verified ? (row?.firstName ?? null) : null,
      middleName: verified ? (row?.middleName ?? null) : null,
      lastName: verified ? (row?.lastName ?? null) : null,
    };
    const current = standingOf({
      userId,
      isEmailVerified: row?.isEmailVerified ?? false,
      phoneVerified: Boolean(row?.phoneVerifiedAt),
      isDemoAccount: row?.isDemoAccount ?? false,
      idDocument: Boolean(row?.idDocumentAt),
      selfie: Boolean(row?.selfieAt),
      address: Boolean(row?.addressAt),
      video: Boolean(row?.videoAt),
      company: Boolean(row?.companyAt),
      videoStatus: row?.videoStatus ?? null,
    });
    return { standing: current, name };
  }

  /** The level that first allows `action` above `level`, for the refusal's message. */
  const unblockingLevel = (level: KycLevel, action: BlockedKycAction) =>
    levels.slice(levels.indexOf(level) + 1).find((l) => !l.blockedActions.includes(action)) ?? null;

  return {
    levels,
    standing,
    standingWithName,
    standingOf,
    /** Refuses an action the trader's level blocks (403 `KYC_ACTION_BLOCKED`, with the level that allows it). */
    assertAllowed(current: KycStanding, action: BlockedKycAction): void {
      if (!current.level.blockedActions.includes(action)) return;
      const unblocks = unblockingLevel(current.level, action);
      throw new AppError(
        403,
        'KYC_ACTION_BLOCKED',
        unblocks
          ? `Your verification level (${current.level.id}) does not allow this. Verify to reach ${unblocks.id}.`
          : 'This is not available at your verification level.',
      );
    },
    /** Whether the trader's ID is verified (document and selfie): offers may ask for it. */
    idVerified: (current: KycStanding) => current.met.has('id_document') && current.met.has('selfie'),
    /** Whether any level blocks `action`: when none does, a caller need not read anyone's standing. */
    blocksAnywhere: (action: BlockedKycAction) =>
      levels.some((level) => level.blockedActions.includes(action)),
  };
}

export type KycStandings = ReturnType<typeof createKycStandings>;

/**
 * The levels and limits calls and the current user's KYC fields: where a trader stands with what they
 * used of their level's limits (the trades and wallet modules report it, passed in by the app).
 */
export function createKycService(options: {
  standings: KycStandings;
  usage: KycUsageReaders;
  /** Fiat per 1 USD for a currency (the rates module), null when no rate is known. */
  usdToFiat(currencyCode: string): Promise<string | null>;
  now?: () => Date;
}) {
  const { standings, usage: readers } = options;
  const { levels, standing } = standings;
  const now = options.now ?? (() => new Date());

  /** What is left of the lifetime trading volume in USD (null: no limit). */
  async function unusedVolumeUsd(current: KycStanding): Promise<{ left: Decimal | null; used: string }> {
    const limit = usd(current.level.limits.lifetimeTradeUsd);
    const used = (await readers.trades(current.userId, new Date(now().getTime() - DAY_MS))).lifetime;
    return { left: limit === null ? null : max0(subtract(limit, parseDecimal(used))), used };
  }

  /** Fiat per USD for a currency, or a 422 on `fiatCurrencyCode` when no rate is known. */
  async function rateOf(fiatCurrencyCode: string): Promise<Decimal> {
    const rate = fiatCurrencyCode === 'USD' ? '1' : await options.usdToFiat(fiatCurrencyCode);
    if (rate === null) {
      throw new AppError(422, 'ERROR_INPUT_VALIDATION', 'No rate is known for this currency.', [
        {
          field: 'fiatCurrencyCode',
          message: 'No rate is known for this currency',
          code: 'unknown_currency',
        },
      ]);
    }
    return parseDecimal(rate);
  }

  /** A USD amount in a currency, rounded down to cents: a limit shown never promises more. */
  const inFiat = (usdAmount: Decimal | null, rate: Decimal) =>
    usdAmount === null ? null : formatDecimal(rescale(multiply(usdAmount, rate), 2, 'down'));

  async function levelCheck(current: KycStanding, fiatCurrencyCode: string): Promise<KycLevelCheck> {
    const { left } = await unusedVolumeUsd(current);
    const unused = left === null ? null : inFiat(left, await rateOf(fiatCurrencyCode));
    return {
      level: current.accountLevel,
      levelId: current.level.id,
      unusedTradingVolumeInFiatCurrency: unused,
      fiatCurrencyCode,
    };
  }

  return {
    standing,

    /** `GET /rest/v1/limits/levels-info`. */
    async levelsInfo(userId: number): Promise<KycLevelsInfo> {
      const current = await standing(userId);
      return {
        levels,
        current: current.level.id,
        next: current.next?.id ?? null,
        requirements: requirementsOf(levels).map((requirement) => ({
          requirement,
          met: current.met.has(requirement),
        })),
      };
    },

    /**
     * `GET /rest/v1/limits/{area}-level-limitations`: the level's limits in an area, with their usage;
     * with a currency, the trade limits in it too (decision 0053).
     */
    async limitations(
      userId: number,
      area: KycLimitationArea,
      fiatCurrencyCode: string | null = null,
    ): Promise<KycLimitations> {
      // An unknown currency is refused before anything is read.
      const rate = fiatCurrencyCode === null ? null : await rateOf(fiatCurrencyCode);
      const current = await standing(userId);
      const { limits } = current.level;
      const at = now().getTime();
      const withTrades = area === 'dashboard' || area === 'trade' || area === 'offers';
      const withWallet = area === 'dashboard' || area === 'wallet';
      const [trades, sentOut] = await Promise.all([
        withTrades ? readers.trades(userId, new Date(at - DAY_MS)) : null,
        withWallet ? readers.withdrawals(userId, new Date(at - limits.withdrawalDays * DAY_MS)) : null,
      ]);
      const trade = trades
        ? {
            perTradeUsd: limits.perTradeUsd === null ? null : show(parseDecimal(String(limits.perTradeUsd))),
            daily: usage(limits.dailyTradeUsd, trades.day),
            lifetime: usage(limits.lifetimeTradeUsd, trades.lifetime),
            maxActiveTrades: limits.maxActiveTrades,
            activeTrades: trades.active,
          }
        : null;
      const usdOf = (value: string | null) => (value === null ? null : parseDecimal(value));
      return {
        area,
        level: current.level.id,
        accountLevel: current.accountLevel,
        trade,
        tradeInFiat:
          trade && rate && fiatCurrencyCode
            ? {
                fiatCurrencyCode,
                perTrade: inFiat(usdOf(trade.perTradeUsd), rate),
                dailyLimit: inFiat(usdOf(trade.daily.limitUsd), rate),
                dailyLeft: inFiat(usdOf(trade.daily.leftUsd), rate),
                lifetimeLeft: inFiat(usdOf(trade.lifetime.leftUsd), rate),
              }
            : null,
        wallet:
          sentOut === null
            ? null
            : { withdrawal: usage(limits.withdrawalUsd, sentOut), days: limits.withdrawalDays },
        blockedActions: current.level.blockedActions,
      };
    },

    /** `GET /rest/v1/users/kyc-check`: the level and the unused lifetime volume in a currency. */
    async check(userId: number, fiatCurrencyCode: string): Promise<KycLevelCheck> {
      return levelCheck(await standing(userId), fiatCurrencyCode);
    },

    /** What the current user's shape carries of KYC (users module, through the app's readers). */
    async currentUserFacts(userId: number, currencyCode: string) {
      const { standing: current, name } = await standings.standingWithName(userId);
      const check = await levelCheck(current, currencyCode).catch(() => levelCheck(current, 'USD'));
      const video = current.videoStatus;
      return {
        kycLevelCheck: check,
        blockedKycActions: current.level.blockedActions,
        isIdVerified: standings.idVerified(current),
        isAddressVerified: current.met.has('address'),
        isVideoVerifiedPending: video === 'pending',
        isVideoVerifiedApproved: video === 'approved',
        isVideoVerifiedRejected: video === 'rejected',
        isVideoVerifiedAllowed: video === 'allowed',
        isVideoVerifiedForced: video === 'forced',
        isCompanyVerified: current.met.has('company'),
        /** The lifetime volume of the level is used up: the next trade needs a higher level. */
        kycIdRequired:
          check.unusedTradingVolumeInFiatCurrency !== null &&
          Number(check.unusedTradingVolumeInFiatCurrency) <= 0,
        accountLevel: current.accountLevel,
        /** The name the approved ID verification proved (decision 0050). */
        name,
      };
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
