import {
  CONTACTS_PAGE_SIZE,
  type ContactsPage,
  type RelationAction,
  type RelationResult,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/bus.js';
import { fieldError, notFound } from '../../platform/http/errors.js';
import { announceViewerChange } from '../offers/index.js';
import { usersRepository } from '../users/repository.js';
import { contactsRepository } from './repository.js';
import type { RelationKind } from './tables.js';

type Row = { username: string; kind: RelationKind | null };
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What an action leaves: the relation it sets, or the one it removes (only that one). */
const EFFECTS: Record<RelationAction, { set: RelationKind } | { remove: RelationKind }> = {
  trusted: { set: 'trusted' },
  blocked: { set: 'blocked' },
  untrusted: { remove: 'trusted' },
  unblocked: { remove: 'blocked' },
};

/**
 * Contacts: whom a user trusts and blocks, and the lists of the contacts page. A relation is one per
 * ordered pair, so trusting a blocked user unblocks them and the other way round. Every change is
 * announced (`offers.viewer_changed` for both users): the marketplace's viewer facts of both sides
 * change (blocks hide offers both ways, trust opens trusted-only offers to the other).
 */
export function createContactsService(options: { db: Db; events?: EventBus }) {
  const { db, events } = options;

  const present = (username: string, kind: RelationKind | null | undefined): RelationResult => ({
    username,
    isTrusted: kind === 'trusted',
    isBlocked: kind === 'blocked',
  });

  async function page(
    query: { rows: ReturnType<typeof sql>; count: ReturnType<typeof sql> },
    pageNumber: number,
  ): Promise<ContactsPage> {
    const [counted] = rowsOf<{ n: number }>(await db.execute(query.count));
    const total = Number(counted?.n ?? 0);
    const rows = rowsOf<Row>(await db.execute(query.rows));
    return {
      users: rows.map((row) => present(row.username, row.kind)),
      pagination: {
        total,
        currentPage: pageNumber,
        perPage: CONTACTS_PAGE_SIZE,
        lastPage: Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE)),
      },
    };
  }

  const offsetOf = (pageNumber: number) => (pageNumber - 1) * CONTACTS_PAGE_SIZE;

  /** The users the viewer holds in one relation, the most recent first. */
  const listOf = (viewerId: number, kind: RelationKind, pageNumber: number) =>
    page(
      {
        count: sql`SELECT count(*)::int AS n FROM user_relations WHERE user_id = ${viewerId} AND kind = ${kind}`,
        rows: sql`SELECT u.username, r.kind FROM user_relations r JOIN users u ON u.id = r.target_user_id
          WHERE r.user_id = ${viewerId} AND r.kind = ${kind}
          ORDER BY r.created_at DESC, u.id DESC LIMIT ${CONTACTS_PAGE_SIZE} OFFSET ${offsetOf(pageNumber)}`,
      },
      pageNumber,
    );

  return {
    async relate(viewerId: number, username: string, action: RelationAction): Promise<RelationResult> {
      const target = await usersRepository.findByUsername(db, username);
      if (!target) throw notFound('User not found');
      if (target.id === viewerId) {
        throw fieldError('username', 'You cannot trust or block yourself', 'self_relation');
      }
      const effect = EFFECTS[action];
      let kind: RelationKind | undefined;
      if ('set' in effect) {
        await contactsRepository.set(db, viewerId, target.id, effect.set);
        kind = effect.set;
      } else {
        kind = await db.transaction((tx) =>
          contactsRepository.removeKind(tx, viewerId, target.id, effect.remove),
        );
      }
      announceViewerChange(events, [viewerId, target.id]);
      return present(target.username, kind);
    },

    trusted: (viewerId: number, pageNumber: number) => listOf(viewerId, 'trusted', pageNumber),
    blocked: (viewerId: number, pageNumber: number) => listOf(viewerId, 'blocked', pageNumber),

    /**
     * The people the viewer traded with, the most recent trade first, each once, with the viewer's
     * relation to them. Trades are read by their SQL name (the trades module depends on this one).
     */
    recentTrades: (viewerId: number, pageNumber: number) =>
      page(
        {
          count: sql`SELECT count(DISTINCT CASE WHEN buyer_id = ${viewerId} THEN seller_id ELSE buyer_id END)::int AS n
            FROM trades WHERE buyer_id = ${viewerId} OR seller_id = ${viewerId}`,
          rows: sql`SELECT u.username, r.kind FROM (
              SELECT CASE WHEN buyer_id = ${viewerId} THEN seller_id ELSE buyer_id END AS partner_id,
                max(id) AS last_trade
              FROM trades WHERE buyer_id = ${viewerId} OR seller_id = ${viewerId}
              GROUP BY 1) p
            JOIN users u ON u.id = p.partner_id
            LEFT JOIN user_relations r ON r.user_id = ${viewerId} AND r.target_user_id = p.partner_id
            ORDER BY p.last_trade DESC LIMIT ${CONTACTS_PAGE_SIZE} OFFSET ${offsetOf(pageNumber)}`,
        },
        pageNumber,
      ),
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
