/**
 * The one place errors go to be reported. Today it writes to the console; an error-tracking service
 * (Sentry, GlitchTip, ...) plugs in through `addErrorReportHook` without touching the callers.
 *
 * What gets reported is decided by the callers: the API client reports only HTTP 500 answers (spec,
 * error catalogue: "only responses with status 500 are reported"), other failures are not.
 */
export type ErrorReport = {
  error: unknown;
  /** Where it happened, e.g. `{ source: 'api', method: 'POST', path: '/rest/v1/...' }`. */
  context: Record<string, unknown>;
};

export type ErrorReportHook = (report: ErrorReport) => void;

const hooks = new Set<ErrorReportHook>();

/** Registers a hook that receives every report; returns a function that removes it. */
export function addErrorReportHook(hook: ErrorReportHook): () => void {
  hooks.add(hook);
  return () => {
    hooks.delete(hook);
  };
}

export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  console.error('[error-report]', error, context);
  for (const hook of hooks) {
    try {
      hook({ error, context });
    } catch (hookError) {
      // A broken reporter must never break the page that is reporting.
      console.error('[error-report] hook failed', hookError);
    }
  }
}
