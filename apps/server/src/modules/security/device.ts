import Bowser from 'bowser';

/** "Chrome 131 on Windows" from a user agent, for the sessions list and the new-device mail. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}`
    : null;
  const system = parsed.os.name ?? null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}
