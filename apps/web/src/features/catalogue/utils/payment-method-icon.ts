/**
 * Where the server serves a payment method's icon (the short list carries only `iconName`; the full list
 * carries the same address as `iconUrl`). The server answers a generated SVG badge for every name,
 * cached for a day, so an `<img>` always has something to show.
 */
export function paymentMethodIconUrl(iconName: string): string {
  return `/rest/v2/payment-methods/icons/${encodeURIComponent(iconName)}.svg`;
}
