import { eq, max, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  fullNameFor,
  publicProfileParamsSchema,
  publicProfileSchema,
  type FeedbackCounts,
  type PublicProfile,
} from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { sessions } from '../../platform/db/schema.js';
import { notFound } from '../../platform/http/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
import { nameSourcesColumns, nameSourcesOf, type NameSourcesColumns } from '../kyc/index.js';
import { usersRepository, type UserRow } from './repository.js';
import { avatarUrlOf } from './presenter.js';

/** Seen within this window counts as online: the marketplace's rule (offers service, `online_users`). */
export const ONLINE_WINDOW_MS = 5 * 60_000;

type Options = {
  db: Db;
  catalogue: Pick<CatalogueService, 'data'>;
  /**
   * The feedback a user received, from the feedback module once it offers the count; without it the
   * profile says `feedback: null` rather than inventing zeros.
   */
  feedbackCounts?: (userId: number) => Promise<FeedbackCounts>;
  /** A verified company's displayed name (corporate module, which depends on this one), or null. */
  companyName?: (userId: number) => Promise<string | null>;
  /** Released trades, 30-day completion rate and release time (trades module, which depends on this one). */
  tradeStats: (userId: number) => Promise<PublicProfile['tradeStats']>;
  now?: () => Date;
};

/** The latest sign of life: a session's last request, or the last login when sessions were purged. */
async function lastSeenOf(db: DbOrTx, user: UserRow): Promise<Date | null> {
  const [row] = await db
    .select({ lastSeen: max(sessions.lastSeenAt) })
    .from(sessions)
    .where(eq(sessions.userId, user.id));
  const fromSessions = row?.lastSeen ? new Date(row.lastSeen) : null;
  const candidates = [fromSessions, user.lastLoginAt].filter((d): d is Date => d !== null);
  return candidates.length === 0 ? null : new Date(Math.max(...candidates.map((d) => d.getTime())));
}

/**
 * In one statement: what `viewerId` thinks of `targetId` and how many users trust and block `targetId`;
 * and for the full name (decision 0050), whether `targetId` trusts the viewer, whether they completed a
 * trade together (`user_trade_partners`, kept on release) and what the name is made of. The relations
 * and partners are read by their SQL names (contacts and trades depend on this module).
 */
async function relationsOf(db: DbOrTx, viewerId: number | undefined, targetId: number) {
  // One's own profile reads as a visitor sees it: no relation, no partner.
  const viewer = viewerId === undefined || viewerId === targetId ? null : viewerId;
  const result: unknown = await db.execute(
    sql`SELECT (SELECT kind FROM user_relations WHERE user_id = ${viewer}::int AND target_user_id = u.id)
        AS kind,
      (SELECT count(*) FROM user_relations WHERE target_user_id = u.id AND kind = 'trusted')::int AS trusted,
      (SELECT count(*) FROM user_relations WHERE target_user_id = u.id AND kind = 'blocked')::int AS blocked,
      EXISTS (SELECT 1 FROM user_relations WHERE user_id = u.id AND target_user_id = ${viewer}::int
        AND kind = 'trusted') AS trusts_viewer,
      EXISTS (SELECT 1 FROM user_trade_partners WHERE user_id = u.id AND partner_id = ${viewer}::int)
        AS partner,
      ${nameSourcesColumns('u', 'k')}
      FROM users u LEFT JOIN user_kyc k ON k.user_id = u.id WHERE u.id = ${targetId}`,
  );
  const row = (
    result as {
      rows: (NameSourcesColumns & {
        kind: string | null;
        trusted: number;
        blocked: number;
        trusts_viewer: boolean;
        partner: boolean;
      })[];
    }
  ).rows[0];
  return {
    relation: {
      isTrusted: row?.kind === 'trusted',
      isBlocked: row?.kind === 'blocked',
      trustedCount: Number(row?.trusted ?? 0),
      blockedCount: Number(row?.blocked ?? 0),
    },
    fullName: row
      ? fullNameFor(nameSourcesOf(row), {
          trusted: row.trusts_viewer === true,
          partner: row.partner === true,
        })
      : null,
  };
}

/**
 * `GET /rest/v1/users/{username}`: the public profile beside `/rest/v1/users/{username}/active-offers`
 * (offers module). Anyone may read it; an unknown username is a 404. A logged-in viewer also reads
 * whether they trust or block the user.
 */
export const publicProfileRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, catalogue, feedbackCounts, companyName, tradeStats, now = () => new Date() },
) => {
  app.get(
    '/rest/v1/users/:username',
    {
      schema: {
        tags: ['users'],
        summary: 'A trader’s public profile',
        description:
          'The public profile of the trader `{username}`: avatar, bio, country, when they joined and were last seen, whether they are online, their feedback counts, their trading record (released trades; 30-day completion rate and average release time), for a company account its name, and their verified full name when their full-name visibility lets this viewer see it (everyone; trusted: users they trust; trusted and trade partners: also users they completed a trade with); to a logged-in viewer also whether the viewer trusts or blocked them. A banned account shows its name only. Public; 404 for an unknown username.',
        params: publicProfileParamsSchema,
        response: { 200: dataEnvelope(publicProfileSchema) },
      },
    },
    async (request) => {
      const user = await usersRepository.findByUsername(db, request.params.username);
      if (!user) throw notFound('User not found');
      const isBanned = user.accountState === 'banned';
      const { relation, fullName } = await relationsOf(db, request.user?.id, user.id);
      // A banned account shows its name and nothing else (spec section 6: no full profile data).
      if (isBanned) {
        const profile: PublicProfile = {
          username: user.username,
          avatarUrl: null,
          country: null,
          bio: '',
          joinedAt: user.createdAt.toISOString(),
          lastSeenAt: null,
          isOnline: false,
          isBanned,
          feedback: null,
          companyName: null,
          fullName: null,
          tradeStats: { completedTrades: 0, completionRate: null, avgReleaseSeconds: null },
          ...relation,
        };
        return { data: profile };
      }
      const lastSeen = await lastSeenOf(db, user);
      const country = user.countryIso
        ? (await catalogue.data()).countries.find((c) => c.iso === user.countryIso)
        : undefined;
      const profile: PublicProfile = {
        username: user.username,
        avatarUrl: user.closedAt ? null : avatarUrlOf(user),
        country: country ? { iso: country.iso, name: country.names.en ?? country.iso } : null,
        // A closed account keeps its name on old trades, not what it said about itself (as its avatar).
        bio: user.closedAt ? '' : user.bio,
        joinedAt: user.createdAt.toISOString(),
        lastSeenAt: lastSeen?.toISOString() ?? null,
        isOnline: lastSeen !== null && now().getTime() - lastSeen.getTime() < ONLINE_WINDOW_MS,
        isBanned,
        feedback: feedbackCounts ? await feedbackCounts(user.id) : null,
        companyName: companyName ? await companyName(user.id) : null,
        // A closed account keeps its name on old trades, not on its page (as its picture and bio).
        fullName: user.closedAt ? null : fullName,
        tradeStats: await tradeStats(user.id),
        ...relation,
      };
      return { data: profile };
    },
  );
};
