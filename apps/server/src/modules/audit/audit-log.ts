import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditLogPage } from '@app/contract';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { auditLog, type AuditRow } from './tables.js';

/** What an audited action says about itself. `before`/`after`: the fields it changed, as JSON. */
export type AuditInput = {
  actorId: number | null;
  actorRole: string | null;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string | null;
};

/**
 * Appends one audit row. Takes the transaction of the action it records (not a Db): the row commits
 * or rolls back with the change it describes, never one without the other.
 */
export async function recordAudit(tx: Tx, entry: AuditInput): Promise<AuditRow> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      actorId: entry.actorId,
      actorRole: entry.actorRole,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: entry.ip ?? null,
    })
    .returning();
  if (!row) throw new Error('insert into audit_log returned no row');
  return row;
}

export function presentAudit(row: AuditRow, actor: string | null): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor,
    actorRole: row.actorRole,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    before: row.before,
    after: row.after,
    ip: row.ip,
  };
}

export type AuditFilter = {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  q?: string;
  /** Rows older than this id (the previous page's last). */
  beforeId?: number;
  limit: number;
};

/** `%`, `_` and `\` typed by staff are searched for, not used as wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, keyset-paged on the id (stable while new rows arrive at the top). */
export async function listAudit(db: DbOrTx, filter: AuditFilter): Promise<AuditLogPage> {
  const where: SQL[] = [];
  if (filter.actor) where.push(sql`lower(${users.username}) = ${filter.actor.toLowerCase()}`);
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.targetType) where.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) where.push(eq(auditLog.targetId, filter.targetId));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lt(auditLog.at, filter.to));
  if (filter.beforeId !== undefined) where.push(lt(auditLog.id, filter.beforeId));
  if (filter.q) {
    const pattern = `%${likeEscape(filter.q)}%`;
    const match = or(ilike(auditLog.reason, pattern), ilike(auditLog.targetId, pattern));
    if (match) where.push(match);
  }
  const rows = await db
    .select({ row: auditLog, actor: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row, actor }) => presentAudit(row, actor)),
    nextCursor: rows.length > filter.limit && last ? String(last.row.id) : null,
  };
}
