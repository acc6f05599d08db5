/**
 * The time zone a new offer's opening hours start in: the browser's own zone (the clock the owner reads
 * while typing the hours), else the profile's, else UTC. Only zones the runtime knows are taken.
 */
export function defaultOfferTimezone(profileTimezone: string | null | undefined): string {
  const known = (zone: string | null | undefined): zone is string => {
    if (!zone) return false;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  };
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (known(browser)) return browser;
  return known(profileTimezone) ? profileTimezone : 'UTC';
}
