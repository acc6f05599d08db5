import type { FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from '../http/errors.js';
import { accessOf } from '../http/route-access.js';

/**
 * The route access table's gate (platform/http/route-access.ts, decision 0049), an `onRequest` hook
 * that session.ts runs after the session or API key is known and the staff gate has spoken, and before
 * the CSRF check, the body and validation: so a visitor learns they must log in (401) and a key what it
 * may not do (403) whatever they sent, never a 422 about a body nobody would have read.
 * - An API key: 403 `API_KEY_NOT_ALLOWED` where the table closes the route to keys, 403 `API_KEY_SCOPE`
 *   where the key lacks the scope it names.
 * - A `member` route without a logged-in user: 401 `UNAUTHENTICATED`.
 * Console routes are the staff gate's (404 to anyone not staff, keys included).
 */
export async function routeGate(request: FastifyRequest): Promise<void> {
  const route = request.routeOptions.url;
  if (request.is404 || !route) return;
  const access = accessOf(request.method, route);
  if (access.caller === 'staff') return;
  if (request.apiKey) {
    if (!access.key) {
      throw new AppError(
        403,
        'API_KEY_NOT_ALLOWED',
        'API keys cannot make this call: it needs you, logged in on the website.',
      );
    }
    if (!request.apiKey.scopes.includes(access.key)) {
      throw new AppError(403, 'API_KEY_SCOPE', `This API key lacks the "${access.key}" scope.`);
    }
  }
  if (access.caller === 'member' && !request.user) throw unauthenticated();
}
