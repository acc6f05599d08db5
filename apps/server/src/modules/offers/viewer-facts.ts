import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { SharedWindow } from '../../platform/cache/shared-window.js';

/**
 * What makes a logged-in viewer's marketplace differ from everyone else's (decision 0031): the market
 * pages are built once for all viewers of a country, and these facts are laid over them.
 */
export type ViewerFacts = {
  id: number;
  countryIso: string | null;
  /** Users this viewer blocked or who blocked this viewer: their offers are hidden both ways. */
  blocked: ReadonlySet<number>;
  /** Owners who trust this viewer (their trusted-only offers are visible to the viewer). */
  trustedBy: ReadonlySet<number>;
  /** This viewer's favourite offers (ids). */
  favorites: ReadonlySet<number>;
  /**
   * Whether some active trusted-only offer is visible to this viewer (theirs, or an owner's who trusts
   * them). The shared pages leave trusted-only offers out, so such a viewer's search is computed.
   */
  seesTrustedOnly: boolean;
  /**
   * ID document and selfie verified (kyc's rule, decision 0037): otherwise the offer page says the
   * maximum-per-trade limit of an unverified ID applies (`isMaxTradeLimitUserIDNotVerified`).
   */
  idVerified: boolean;
};

const idSet = (value: unknown): ReadonlySet<number> => {
  if (Array.isArray(value)) return new Set(value.map(Number));
  // A driver that leaves int[] as text: "{1,2}".
  if (typeof value === 'string' && value.length > 2) {
    return new Set(value.slice(1, -1).split(',').map(Number));
  }
  return new Set();
};

/**
 * One statement: the viewer's country, blocks both ways, who trusts them, favourites, trusted-only reach,
 * whether their ID is verified.
 */
export async function loadViewerFacts(db: DbOrTx, userId: number): Promise<ViewerFacts | null> {
  const result = (await db.execute(sql`
    SELECT u.country_iso,
      ARRAY(SELECT r.target_user_id FROM user_relations r WHERE r.user_id = u.id AND r.kind = 'blocked'
        UNION SELECT r.user_id FROM user_relations r WHERE r.target_user_id = u.id AND r.kind = 'blocked') AS blocked,
      ARRAY(SELECT r.user_id FROM user_relations r WHERE r.target_user_id = u.id AND r.kind = 'trusted') AS trusted_by,
      ARRAY(SELECT f.offer_id FROM offer_favorites f WHERE f.user_id = u.id) AS favorites,
      -- Each side reads one owner's offers through offers_user_idx: an OR over both made PostgreSQL scan
      -- the whole table (400 ms at a million offers).
      (EXISTS (SELECT 1 FROM offers o WHERE o.user_id = u.id AND o.is_trusted_only AND o.is_active)
        OR EXISTS (SELECT 1 FROM user_relations r JOIN offers o ON o.user_id = r.user_id
          AND o.is_trusted_only AND o.is_active
          WHERE r.target_user_id = u.id AND r.kind = 'trusted')) AS sees_trusted_only,
      EXISTS (SELECT 1 FROM user_kyc k WHERE k.user_id = u.id
        AND k.id_document_at IS NOT NULL AND k.selfie_at IS NOT NULL) AS id_verified
    FROM users u WHERE u.id = ${userId}`)) as { rows: Record<string, unknown>[] };
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: userId,
    countryIso: row.country_iso === null || row.country_iso === undefined ? null : String(row.country_iso),
    blocked: idSet(row.blocked),
    trustedBy: idSet(row.trusted_by),
    favorites: idSet(row.favorites),
    seesTrustedOnly: row.sees_trusted_only === true || row.sees_trusted_only === 't',
    idVerified: row.id_verified === true || row.id_verified === 't',
  };
}

/**
 * Viewer facts shared for the market's window (`OFFER_SEARCH_CACHE_MS`): a trader paging through the
 * market reads them once per window, not once per request. `forget(userId)` drops one viewer's facts
 * at once (a favourite toggled on this instance, a relation changed); every other change is seen when
 * the window ends.
 */
export function createViewerFactsCache(db: DbOrTx, ttlMs: number) {
  const window = new SharedWindow<ViewerFacts | null>({ ttlMs, maxEntries: 20_000 });
  return {
    of: (userId: number) => window.get(String(userId), () => loadViewerFacts(db, userId)),
    forget: (userId: number) => window.delete(String(userId)),
    clear: () => window.clear(),
  };
}

export type ViewerFactsCache = ReturnType<typeof createViewerFactsCache>;
