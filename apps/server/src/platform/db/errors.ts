const UNIQUE_VIOLATION = '23505';

/**
 * The unique constraint a write broke, or null when the error is anything else.
 * drizzle wraps driver errors, so the SQLSTATE sits on the cause (both pg and PGlite set `code` and `constraint`).
 */
export function uniqueViolationOf(error: unknown): { constraint?: string } | null {
  const candidate = ((error as { cause?: unknown } | null)?.cause ?? error ?? {}) as {
    code?: string;
    constraint?: string;
  };
  return candidate.code === UNIQUE_VIOLATION ? { constraint: candidate.constraint } : null;
}
