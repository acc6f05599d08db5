import type { AccountState, UserRole } from '@app/contract';

/** A session row as the request hook reads it (with its user's name, role and account state). */
export type SessionRow = {
  id: string;
  csrfToken: string;
  userId: number | null;
  expiresAt: Date;
  lastSeenAt: Date;
  username: string | null;
  role: UserRole | null;
  accountState: AccountState | null;
};

/**
 * Session rows read within the last `ttlMs`, for read requests only (decision 0031). Ended sessions are
 * deleted from it by the session plugin (logout, revocation events); `ttlMs` bounds everything else
 * (a role or account state changed without ending sessions). 0 turns it off.
 */
export class SessionReadCache {
  private readonly rows = new Map<string, { row: SessionRow; readAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
    private readonly clock: () => number = Date.now,
  ) {}

  get(id: string): SessionRow | undefined {
    const hit = this.rows.get(id);
    if (!hit) return undefined;
    if (this.clock() - hit.readAt < this.ttlMs) return hit.row;
    this.rows.delete(id);
    return undefined;
  }

  set(row: SessionRow): void {
    if (this.ttlMs <= 0) return;
    if (this.rows.size >= this.maxEntries) this.rows.clear();
    this.rows.set(row.id, { row, readAt: this.clock() });
  }

  delete(id: string): void {
    this.rows.delete(id);
  }

  /** Every cached session of a user (a revocation of all of them). */
  deleteUser(userId: number): void {
    for (const [id, { row }] of this.rows) if (row.userId === userId) this.rows.delete(id);
  }

  clear(): void {
    this.rows.clear();
  }
}
