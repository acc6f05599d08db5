const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The constraint of this SQLSTATE a write broke, or null when the error is anything else. drizzle wraps
 * driver errors, so the SQLSTATE sits on the cause (both pg and PGlite set `code` and `constraint`).
 */
function violationOf(error: unknown, sqlState: string): { constraint?: string } | null {
  const candidate = ((error as { cause?: unknown } | null)?.cause ?? error ?? {}) as {
    code?: string;
    constraint?: string;
  };
  return candidate.code === sqlState ? { constraint: candidate.constraint } : null;
}

/** The unique constraint a write broke, or null when the error is anything else. */
export const uniqueViolationOf = (error: unknown) => violationOf(error, UNIQUE_VIOLATION);

/** The foreign key a write broke (a referenced row deleted meanwhile), or null for anything else. */
export const foreignKeyViolationOf = (error: unknown) => violationOf(error, FOREIGN_KEY_VIOLATION);
