/**
 * KYC levels and limits (issue 15, decision 0037): the operator's levels table, each trader's level from
 * what they have proven (`user_kyc`, and the e-mail and phone on `users`), the limits of that level and
 * the actions it blocks. Trades, wallet and offers ask it; the verification flows write `user_kyc`.
 *
 * - `createKycStandings({ db, levels })`: `standing(userId, tx?)` (the level, the next one, what is met),
 *   `standingOf(facts)` for facts read with another statement, `assertAllowed(standing, action)` (403
 *   `KYC_ACTION_BLOCKED`), `idVerified(standing)`. What trades, wallet and offers are given.
 * - `createKycService({ standings, usage, usdToFiat })`: the levels-info, limitations and kyc-check calls
 *   and `currentUserFacts(userId, currency)`; `usage` reports trades and send-outs (the app passes it).
 * - `nameSourcesColumns(user, kyc)` / `nameSourcesOf(row)`: what a shown full name is made of (the ID's
 *   verified names, the verified company's, the settings), for other modules' statements (decision 0050).
 */
export { approvalOutcomeOf, DEFAULT_KYC_LEVELS, levelOf, loadKycLevels } from './levels.js';
export {
  createKycService,
  createKycStandings,
  kycFactsColumns,
  type KycFacts,
  type KycFactsColumns,
  type KycService,
  type KycStanding,
  type KycStandings,
  type KycUsageReaders,
} from './service.js';
export { kycRoutes } from './routes.js';
export { nameSourcesColumns, nameSourcesOf, type NameSourcesColumns } from './name-sources.js';
export { kycFactsRepository, type ProvenRequirement } from './repository.js';
export { userKyc, VIDEO_STATUSES, type VideoStatus } from './tables.js';
