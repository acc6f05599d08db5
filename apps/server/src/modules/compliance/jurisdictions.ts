import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/http/errors.js';

/**
 * The operator's compliance lists (decision 0039): where a trader says they live (`users.country_iso`)
 * against the gray-listed jurisdictions (their offers carry the sanctions-list warning) and the blocked
 * ones (no trade, no offer switched on, no send-out; their offers leave the marketplace, which the search
 * filters in SQL). A trader who has not said where they live is on neither list.
 */
export function createJurisdictions(lists: Config['compliance']) {
  const gray = new Set(lists.grayCountries);
  const blocked = new Set(lists.blockedCountries);
  const isBlocked = (countryIso: string | null | undefined) =>
    countryIso !== null && countryIso !== undefined && blocked.has(countryIso.toUpperCase());
  return {
    /** Whether any jurisdiction is blocked: when none is, nobody's country need be read. */
    blocksAny: blocked.size > 0,
    isGray: (countryIso: string | null | undefined) =>
      countryIso !== null && countryIso !== undefined && gray.has(countryIso.toUpperCase()),
    isBlocked,
    /** Refuses the caller's own action from a blocked jurisdiction: 403 `BLOCKED_IN_LOCATION`. */
    assertNotBlocked(countryIso: string | null | undefined, what: string) {
      if (isBlocked(countryIso)) {
        throw new AppError(403, 'BLOCKED_IN_LOCATION', `${what} not available in your location.`);
      }
    },
  };
}

export type Jurisdictions = ReturnType<typeof createJurisdictions>;
