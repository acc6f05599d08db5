import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

/**
 * `@app/client`: a typed client for the marketplace's API, generated from the server's OpenAPI document
 * (`npm run client:generate`). It is openapi-fetch over the generated `paths`: every path, parameter,
 * body and answer is typed, and nothing is unwrapped: a call resolves to `{ data }` (the server's
 * `{ data: ... }` envelope) or `{ error }` (its `{ errors: [...] }` envelope), with the `response`.
 *
 * @example
 * const market = createMarketClient({ baseUrl: 'https://p2p.example.com', apiKey: process.env.MARKET_API_KEY! });
 * const { data, error } = await market.GET('/rest/v1/trade/{id}', { params: { path: { id: tradeHash } } });
 */

export type { components, operations, paths };

/** The client: `GET`, `POST`, `PUT`, `DELETE`, ... over the API's paths (openapi-fetch). */
export type MarketClient = Client<paths>;

/** Every failed answer's body: `{ errors: [{ code, message, details? }] }`; switch on `code`. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

export type MarketClientOptions = {
  /** Where the marketplace answers, e.g. `https://p2p.example.com` (the API paths start with `/rest/`). */
  baseUrl: string;
  /** An API key (`p2pk_...`), created from a logged-in session at `POST /rest/v1/api-keys` and shown once. */
  apiKey: string;
  /** Another fetch (tests, proxies, retries); the global one by default. */
  fetch?: (input: Request) => Promise<Response>;
};

/**
 * A client that sends `Authorization: Bearer <apiKey>` on every call. A key needs no cookie and no CSRF
 * token; what it may do is its scopes' business (`read`, `trade`, `offers`, `wallet-withdraw`): a call
 * outside them answers 403 `API_KEY_SCOPE`, one no key may make 403 `API_KEY_NOT_ALLOWED` (decision 0049).
 */
export function createMarketClient({ baseUrl, apiKey, fetch }: MarketClientOptions): MarketClient {
  return createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${apiKey}` },
    ...(fetch ? { fetch } : {}),
  });
}
