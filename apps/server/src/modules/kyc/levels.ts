import fs from 'node:fs';
import {
  kycLevelsTableSchema,
  kycRequirements,
  type KycLevel,
  type KycLevelsTable,
  type KycRequirement,
  type VerificationApprovalOutcome,
} from '@app/contract';

/**
 * The levels table an operator gets without `KYC_LEVELS_FILE` (decision 0037). A new account (L0) may
 * trade as before levels existed (5,000 USD a trade, 20,000 a day, 50,000 in all, two trades at once)
 * and send out 20,000 USD a day;
 * each verification raises the limits, an ID (document and selfie) lifts the running-trades cap, a proof
 * of address the lifetime volume. Nothing is blocked outright: an operator who wants offers only from
 * verified traders adds `create-offer` to the lower levels' `blockedActions`
 * (`docs/kyc-levels.example.json` is such a table, close to Paxful's).
 */
export const DEFAULT_KYC_LEVELS: KycLevelsTable = [
  {
    id: 'L0',
    accountLevel: 0,
    requires: [],
    limits: {
      perTradeUsd: 5_000,
      dailyTradeUsd: 20_000,
      lifetimeTradeUsd: 50_000,
      maxActiveTrades: 2,
      withdrawalUsd: 20_000,
      withdrawalDays: 1,
    },
    blockedActions: [],
  },
  {
    id: 'L1',
    accountLevel: 1,
    requires: ['email'],
    limits: {
      perTradeUsd: 5_000,
      dailyTradeUsd: 20_000,
      lifetimeTradeUsd: 50_000,
      maxActiveTrades: 2,
      withdrawalUsd: 20_000,
      withdrawalDays: 1,
    },
    blockedActions: [],
  },
  {
    id: 'L1+',
    accountLevel: 1.5,
    requires: ['email', 'phone'],
    limits: {
      perTradeUsd: 10_000,
      dailyTradeUsd: 25_000,
      lifetimeTradeUsd: 100_000,
      maxActiveTrades: 3,
      withdrawalUsd: 50_000,
      withdrawalDays: 1,
    },
    blockedActions: [],
  },
  {
    id: 'L2',
    accountLevel: 2,
    requires: ['email', 'phone', 'id_document', 'selfie'],
    limits: {
      perTradeUsd: 25_000,
      dailyTradeUsd: 100_000,
      lifetimeTradeUsd: 250_000,
      maxActiveTrades: null,
      withdrawalUsd: 100_000,
      withdrawalDays: 1,
    },
    blockedActions: [],
  },
  {
    id: 'L2+POA',
    accountLevel: 2,
    requires: ['email', 'phone', 'id_document', 'selfie', 'address'],
    limits: {
      perTradeUsd: 50_000,
      dailyTradeUsd: 250_000,
      lifetimeTradeUsd: null,
      maxActiveTrades: null,
      withdrawalUsd: 250_000,
      withdrawalDays: 1,
    },
    blockedActions: [],
  },
  {
    id: 'L3',
    accountLevel: 3,
    requires: ['email', 'phone', 'id_document', 'selfie', 'address', 'video'],
    limits: {
      perTradeUsd: 100_000,
      dailyTradeUsd: null,
      lifetimeTradeUsd: null,
      maxActiveTrades: null,
      withdrawalUsd: 1_000_000,
      withdrawalDays: 1,
    },
    blockedActions: [],
  },
  {
    id: 'L4',
    accountLevel: 3,
    requires: ['email', 'phone', 'id_document', 'selfie', 'address', 'video', 'company'],
    limits: {
      perTradeUsd: null,
      dailyTradeUsd: null,
      lifetimeTradeUsd: null,
      maxActiveTrades: null,
      withdrawalUsd: null,
      withdrawalDays: 1,
    },
    blockedActions: [],
  },
];

/**
 * The table the server runs with: the operator's file (JSON, the contract's `kycLevelsTableSchema`) or
 * the default. A file that does not read or does not fit stops the start with the reason: limits that
 * silently fell back to defaults would be worse than no start.
 */
export function loadKycLevels(file: string | null): KycLevelsTable {
  if (!file) return DEFAULT_KYC_LEVELS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`KYC_LEVELS_FILE ${file}: ${(error as Error).message}`);
  }
  const result = kycLevelsTableSchema.safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(table)'}: ${issue.message}`,
    );
    throw new Error(`KYC_LEVELS_FILE ${file} is not a levels table:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

/**
 * The level a trader holds: the highest row whose requirements they all meet. Requirements only grow
 * up the table, so the climb stops at the first row with one unmet.
 */
export function levelOf(levels: KycLevelsTable, met: ReadonlySet<KycRequirement>): KycLevel {
  let reached = levels[0]!;
  for (const level of levels) {
    if (!level.requires.every((requirement) => met.has(requirement))) break;
    reached = level;
  }
  return reached;
}

/** The row above `level` in the table, or null at the top. */
export function nextLevelOf(levels: KycLevelsTable, level: KycLevel): KycLevel | null {
  return levels[levels.indexOf(level) + 1] ?? null;
}

/** Every requirement the table uses, in the contract's order. */
export const requirementsOf = (levels: KycLevelsTable): KycRequirement[] => {
  const used = new Set(levels.flatMap((level) => level.requires));
  return kycRequirements.filter((requirement) => used.has(requirement));
};

/**
 * What a trader's level becomes when `proves` is added to what they have `met` (a verification's
 * approval, decision 0053): the level they reach, the level that kind of proof is for with what would
 * still be missing for it (an approved ID leaves a trader without a phone at L1: L2 needs the phone
 * too), and the next level with what it would need.
 */
export function approvalOutcomeOf(
  levels: KycLevelsTable,
  met: ReadonlySet<KycRequirement>,
  proves: readonly KycRequirement[],
): VerificationApprovalOutcome {
  const after = new Set([...met, ...proves]);
  const gap = (level: KycLevel) => ({
    level: level.id,
    missing: kycRequirements.filter((r) => level.requires.includes(r) && !after.has(r)),
  });
  const reached = levelOf(levels, after);
  const target = levels.find((level) => proves.some((r) => level.requires.includes(r)));
  const next = nextLevelOf(levels, reached);
  return { level: reached.id, target: target ? gap(target) : null, next: next ? gap(next) : null };
}
