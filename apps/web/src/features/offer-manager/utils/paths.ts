/**
 * The offer editor's addresses, as the spec's route table names them (trading core, section 2). They are
 * paths without the locale prefix; callers localize them (`useLocalizePath`). The my-offers page itself
 * comes from the server's named route `myOffers` (`/offer-manager`).
 */

/** `/offer-manager/edit` (create; the query may prefill fields) or `/offer-manager/edit/{id}` (edit). */
export function offerEditorPath(id?: string, options: { skipLite?: boolean } = {}): string {
  const base = id ? `/offer-manager/edit/${encodeURIComponent(id)}` : '/offer-manager/edit';
  return options.skipLite ? `${base}?skipLite=true` : base;
}

/** `/offer-manager/lite/edit/{id}`: the one-screen editor of a lite offer. */
export const liteEditorPath = (id: string): string => `/offer-manager/lite/edit/${encodeURIComponent(id)}`;

/** `/offer/{id}`: the public offer page (the offer feature's). */
export const offerPagePath = (id: string): string => `/offer/${encodeURIComponent(id)}`;

/**
 * The wallet's security-deposit panel for a coin (the wallet reads `tab` and `coin` from its query; the
 * hash makes it scroll the panel into view and focus it).
 */
export const walletBondPath = (walletPath: string, code: string): string =>
  `${walletPath}?tab=bond&coin=${encodeURIComponent(code)}#wallet-tabs`;

/** The wallet's deposit panel for a coin: where the money for a bond comes from. */
export const walletDepositPath = (walletPath: string, code: string): string =>
  `${walletPath}?tab=deposit&coin=${encodeURIComponent(code)}`;
