/**
 * The session's CSRF token, sent as `X-CSRF-TOKEN` on every request. It starts as the value the
 * server rendered into `<meta name="_token">` (and the initial state) and is replaced after login,
 * registration and logout, because those rotate the session and with it the token.
 */
const META_SELECTOR = 'meta[name="_token"]';

let current: string | null = null;

function metaTag(): HTMLMetaElement | null {
  return typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>(META_SELECTOR);
}

export function getCsrfToken(): string | null {
  if (current) return current;
  const fromMeta = metaTag()?.content;
  return fromMeta ? fromMeta : null;
}

export function setCsrfToken(token: string): void {
  current = token;
  // Keep the meta tag in step for any code (or extension) that reads it directly.
  const meta = metaTag();
  if (meta) meta.content = token;
}

/** For tests: forget the in-memory token so the meta tag is read again. */
export function resetCsrfToken(): void {
  current = null;
}
