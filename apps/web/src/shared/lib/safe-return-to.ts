/**
 * A `returnTo` value is only followed when it is a path on this site: it must start with one "/"
 * (not "//" or "/\", which browsers treat as another host), so a crafted login link cannot send the
 * user to a look-alike site after they sign in.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters can smuggle a scheme past the check in some browsers.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return value;
}
