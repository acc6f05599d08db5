import { z } from 'zod';
import { lineString } from './strings.js';

/**
 * KYC levels (issue 15, decision 0037). A trader's level is the highest row of the operator's levels
 * table whose requirements they all meet; what the row allows is what they may do. The spec's level
 * names, lowest first.
 */
export const kycLevelIds = ['L0', 'L1', 'L1+', 'L2', 'L2+POA', 'L3', 'L4'] as const;
export const kycLevelIdSchema = z.enum(kycLevelIds);
export type KycLevelId = z.infer<typeof kycLevelIdSchema>;

/**
 * What a level can require: a verified e-mail and phone, an ID document and a selfie (the ID
 * verification), a proof of address, a video call, the company's documents (corporate accounts).
 */
export const kycRequirements = [
  'email',
  'phone',
  'id_document',
  'selfie',
  'address',
  'video',
  'company',
] as const;
export const kycRequirementSchema = z.enum(kycRequirements);
export type KycRequirement = z.infer<typeof kycRequirementSchema>;

/** The spec's blocked KYC actions: what a level may forbid outright. */
export const blockedKycActions = [
  'create-offer',
  'view-trade',
  'start-trade-buy',
  'start-trade-sell',
  'use-wallet',
  'activate-offer',
] as const;
export const blockedKycActionSchema = z.enum(blockedKycActions);
export type BlockedKycAction = z.infer<typeof blockedKycActionSchema>;

/** A limit in whole USD; null: no limit. */
const usdLimit = z.number().int().min(0).max(1_000_000_000_000).nullable();

/** What a level allows. Amounts are USD at the time of the trade or the withdrawal. */
export const kycLimitsSchema = z
  .object({
    /** The largest single trade (`max_per_trade_limit`). */
    perTradeUsd: usdLimit,
    /** The trades started in the last 24 hours, added up (`reached_daily_compliance_limit`). */
    dailyTradeUsd: usdLimit,
    /** Every trade that still counts, ever (`KycTradeLimit`): the volume the level unlocks. */
    lifetimeTradeUsd: usdLimit,
    /** Running trades at once (`max_2_active_trades_id_not_verified`); null: no limit. */
    maxActiveTrades: z.number().int().min(0).max(10_000).nullable(),
    /** Crypto sent out of the wallet over the last `withdrawalDays` days (`WITHDRAWAL_LIMIT`). */
    withdrawalUsd: usdLimit,
    withdrawalDays: z.number().int().min(1).max(365),
  })
  .strict();
export type KycLimits = z.infer<typeof kycLimitsSchema>;

export const kycLevelSchema = z
  .object({
    id: kycLevelIdSchema,
    /**
     * The spec's account level: none 0, first 1, first-plus 1.5, second 2, third 3 (demo accounts are
     * -1 whatever their row).
     */
    accountLevel: z.number().min(0).max(3),
    /** Every requirement of the level (the ones of the levels below included). */
    requires: z.array(kycRequirementSchema).max(kycRequirements.length),
    limits: kycLimitsSchema,
    /** Actions this level may not take at all (`KYC_ACTION_BLOCKED`), e.g. `create-offer` below ID. */
    blockedActions: z.array(blockedKycActionSchema).max(blockedKycActions.length),
  })
  .strict();
export type KycLevel = z.infer<typeof kycLevelSchema>;

/**
 * The operator's table (`KYC_LEVELS_FILE`): every level once, in the spec's order, each requiring at
 * least what the one below requires, so climbing never loses a requirement.
 */
export const kycLevelsTableSchema = z
  .array(kycLevelSchema)
  .min(1)
  .max(kycLevelIds.length)
  .superRefine((levels, ctx) => {
    levels.forEach((level, i) => {
      const previous = levels[i - 1];
      if (previous && kycLevelIds.indexOf(level.id) <= kycLevelIds.indexOf(previous.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'id'],
          message: `levels must follow ${kycLevelIds.join(', ')}`,
        });
      }
      const missing = previous?.requires.filter((requirement) => !level.requires.includes(requirement)) ?? [];
      if (missing.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'requires'],
          message: `${level.id} must also require what ${previous!.id} requires (${missing.join(', ')})`,
        });
      }
    });
    if (levels[0] && levels[0].requires.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: [0, 'requires'],
        message: 'the first level must require nothing',
      });
    }
  });
export type KycLevelsTable = z.infer<typeof kycLevelsTableSchema>;

/** One requirement as a trader stands with it. */
export const kycRequirementStateSchema = z.object({
  requirement: kycRequirementSchema,
  met: z.boolean(),
});

/** `GET /rest/v1/limits/levels-info`: the table, where the viewer stands, what the next level needs. */
export const kycLevelsInfoSchema = z.object({
  levels: z.array(kycLevelSchema),
  current: kycLevelIdSchema,
  /** The next level up, or null at the top. */
  next: kycLevelIdSchema.nullable(),
  /** Every requirement the table uses, met or not (the overview's checklist). */
  requirements: z.array(kycRequirementStateSchema),
});
export type KycLevelsInfo = z.infer<typeof kycLevelsInfoSchema>;

/** One limit with what has been used of it; null amounts mean no limit. */
export const kycUsageSchema = z.object({
  limitUsd: z.string().nullable(),
  usedUsd: z.string(),
  /** What is left, never below 0; null without a limit. */
  leftUsd: z.string().nullable(),
});
export type KycUsage = z.infer<typeof kycUsageSchema>;

export const kycLimitationAreas = ['dashboard', 'trade', 'wallet', 'offers'] as const;
export const kycLimitationAreaSchema = z.enum(kycLimitationAreas);
export type KycLimitationArea = z.infer<typeof kycLimitationAreaSchema>;

/**
 * The trade limits converted to a currency at the current rate (the limits themselves are USD, which the
 * trade start compares), rounded down to cents: what a trader reads beside an offer in that currency.
 * Null amounts mean no limit.
 */
export const kycTradeLimitsInFiatSchema = z.object({
  fiatCurrencyCode: z.string(),
  perTrade: z.string().nullable(),
  /** The last 24 hours' limit and what is left of it. */
  dailyLimit: z.string().nullable(),
  dailyLeft: z.string().nullable(),
  /** What is left of the level's volume in all. */
  lifetimeLeft: z.string().nullable(),
});
export type KycTradeLimitsInFiat = z.infer<typeof kycTradeLimitsInFiatSchema>;

/** `GET /rest/v1/limits/{area}-level-limitations`: the viewer's limits in an area, with their usage. */
export const kycLimitationsSchema = z.object({
  area: kycLimitationAreaSchema,
  level: kycLevelIdSchema,
  accountLevel: z.number(),
  trade: z
    .object({
      perTradeUsd: z.string().nullable(),
      daily: kycUsageSchema,
      lifetime: kycUsageSchema,
      maxActiveTrades: z.number().int().nullable(),
      activeTrades: z.number().int(),
    })
    .nullable(),
  wallet: z.object({ withdrawal: kycUsageSchema, days: z.number().int() }).nullable(),
  blockedActions: z.array(blockedKycActionSchema),
  /**
   * With `?fiatCurrencyCode=` in an area with trade limits: those limits in that currency (decision
   * 0053); null otherwise.
   */
  tradeInFiat: kycTradeLimitsInFiatSchema.nullable(),
});
export type KycLimitations = z.infer<typeof kycLimitationsSchema>;

export const kycLimitationsParamsSchema = z.object({
  area: lineString()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]+-level-limitations$/, 'Ask for <area>-level-limitations')
    .transform((value) => value.slice(0, -'-level-limitations'.length))
    .pipe(kycLimitationAreaSchema),
});

export const kycCheckQuerySchema = z.object({
  fiatCurrencyCode: lineString()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3,5}$/, 'A currency code such as USD')
    .optional(),
});

/** `GET /rest/v1/limits/{area}-level-limitations?fiatCurrencyCode=`: the trade limits in that currency too. */
export const kycLimitationsQuerySchema = kycCheckQuerySchema;

/**
 * `GET /rest/v1/users/kyc-check` and the current user's `kycLevelCheck`: the level (the spec's account
 * level number) and what is left of the lifetime trading volume, in the asked currency (null: no limit).
 */
export const kycLevelCheckSchema = z.object({
  level: z.number(),
  levelId: kycLevelIdSchema,
  unusedTradingVolumeInFiatCurrency: z.string().nullable(),
  fiatCurrencyCode: z.string(),
});
export type KycLevelCheck = z.infer<typeof kycLevelCheckSchema>;
