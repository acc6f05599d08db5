import { z } from 'zod';
import { feedbackCountsSchema } from './feedback.js';
import { lineString } from './strings.js';

/**
 * `GET /rest/v1/users/{username}`: what anyone may see of a trader (spec: the public user profile,
 * `/user/{username}`, beside that user's active offers). Nothing private: no e-mail, no balances; the full
 * name only as its owner lets this viewer see it. Decisions: docs/decisions/0008-offers.md, "Web: offer
 * page, report, profile", and 0050 (the full name).
 */
export const publicProfileSchema = z.object({
  username: z.string(),
  avatarUrl: z.string().nullable(),
  country: z.object({ iso: z.string(), name: z.string() }).nullable(),
  /**
   * What the user wrote about themselves in their settings (decision 0029: no contact details, so it is
   * public by design); '' when they wrote nothing, and for a banned or closed account.
   */
  bio: z.string(),
  /** When the account was created (ISO 8601). */
  joinedAt: z.string(),
  /** The last request of any of the user's sessions (ISO 8601); null when never seen. */
  lastSeenAt: z.string().nullable(),
  /** Seen within the last 5 minutes (the marketplace's "online" rule). */
  isOnline: z.boolean(),
  /** A banned account keeps its page (links to it stay valid) but shows no activity (spec section 6). */
  isBanned: z.boolean(),
  /** Feedback the user received; null while the server has no feedback to count. */
  feedback: feedbackCountsSchema.nullable(),
  /**
   * The viewer's own relation to this user (contacts: trust and block, one at a time). Always false for
   * a visitor who is not logged in and on one's own profile.
   */
  isTrusted: z.boolean(),
  isBlocked: z.boolean(),
  /** How many users trust and block this one (spec: `trustedCount`, `blockedCount`). */
  trustedCount: z.number().int().min(0),
  blockedCount: z.number().int().min(0),
  /**
   * A verified company's name, as it chose to show it (legal entity or business name; decision 0040);
   * null for a person's account and for a company not verified yet.
   */
  companyName: z.string().nullable(),
  /**
   * The verified name in the form the user chose, when their full-name visibility lets this viewer see it
   * (everyone; trusted: users they trust; trusted and trade partners: also users they completed a trade
   * with; decision 0050). Null otherwise, for a visitor unless it is "everyone", and for a banned account.
   */
  fullName: z.string().nullable(),
  /**
   * The trader's record (docs/decisions/0045-trader-stats.md): released trades of all time, and over the
   * last 30 days the completion rate (percent with one decimal, "97.5"; null without a finished trade) and
   * the mean seconds from "paid" to "released" on their sales (null without one). Zeros and nulls for a
   * banned account, as the rest of its activity.
   */
  tradeStats: z.object({
    completedTrades: z.number().int().min(0),
    completionRate: z.string().nullable(),
    avgReleaseSeconds: z.number().int().min(0).nullable(),
  }),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const publicProfileParamsSchema = z.object({ username: lineString().trim().min(1).max(60) });
