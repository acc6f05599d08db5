import { vi } from 'vitest';

export type FakeRequest = { method: string; url: string; headers: Record<string, string>; body: unknown };
export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

/** A JSON response the way the server sends it. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export const errorBody = (
  code: string,
  message: string,
  details?: { field: string; message: string; code: string }[],
) => ({
  errors: [{ code, message, ...(details ? { details } : {}) }],
});

/**
 * A stand-in for `fetch`: routes `"METHOD /path"` (query string ignored) to handlers and records every
 * request, so tests can check what the client sent. An unrouted request fails the test loudly.
 */
export function createFakeFetch(routes: Record<string, FakeHandler> = {}) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: FakeRequest = { method, url: input, headers, body };
    requests.push(request);
    const path = input.split('?')[0] ?? input;
    const handler = routes[`${method} ${path}`];
    if (!handler) throw new Error(`fake fetch: no handler for ${method} ${path}`);
    return handler(request);
  });
  return { fetch, requests, routes };
}
