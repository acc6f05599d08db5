import { eq, max, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  publicProfileParamsSchema,
  publicProfileSchema,
  type FeedbackCounts,
  type PublicProfile,
} from '@app/contract';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { sessions } from '../../platform/db/schema.js';
import { notFound } from '../../platform/http/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
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
 * What `viewerId` thinks of `targetId`, and how many users trust and block `targetId`, in one statement.
 * The relations are read by their SQL name (`user_relations`, contacts module), which depends on this
 * module and cannot be imported here.
 */
async function relationsOf(db: DbOrTx, viewerId: number | undefined, targetId: number) {
  const viewer = viewerId === undefined || viewerId === targetId ? null : viewerId;
  const result: unknown = await db.execute(
    sql`SELECT (SELECT kind FROM user_relations WHERE user_id = ${viewer}::int AND target_user_id = ${targetId})
        AS kind,
      count(*) FILTER (WHERE kind = 'trusted')::int AS trusted,
      count(*) FILTER (WHERE kind = 'blocked')::int AS blocked
      FROM user_relations WHERE target_user_id = ${targetId}`,
  );
  const row = (result as { rows: { kind: string | null; trusted: number; blocked: number }[] }).rows[0];
  return {
    isTrusted: row?.kind === 'trusted',
    isBlocked: row?.kind === 'blocked',
    trustedCount: Number(row?.trusted ?? 0),
    blockedCount: Number(row?.blocked ?? 0),
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
          'The public profile of the trader `{username}`: avatar, bio, country, when they joined and were last seen, whether they are online, their feedback counts, their trading record (released trades; 30-day completion rate and average release time) and, for a company account, its name; to a logged-in viewer also whether the viewer trusts or blocked them. A banned account shows its name only. Public; 404 for an unknown username.',
        params: publicProfileParamsSchema,
        response: { 200: dataEnvelope(publicProfileSchema) },
      },
    },
    async (request) => {
      const user = await usersRepository.findByUsername(db, request.params.username);
      if (!user) throw notFound('User not found');
      const isBanned = user.accountState === 'banned';
      const relation = await relationsOf(db, request.user?.id, user.id);
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
        tradeStats: await tradeStats(user.id),
        ...relation,
      };
      return { data: profile };
    },
  );
};
