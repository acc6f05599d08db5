/**
 * The staff audit log (decision 0019): `recordAudit(tx, entry)` for any module whose staff action must
 * leave a row in the same transaction, and the read side the console's audit-log screen pages through.
 * A leaf module: it depends on nothing but the platform, so every module may import it without a cycle.
 */
export { recordAudit, listAudit, presentAudit, type AuditInput, type AuditFilter } from './audit-log.js';
export type { AuditRow } from './tables.js';
