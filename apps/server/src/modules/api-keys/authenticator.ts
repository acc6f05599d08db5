import type { FastifyRequest } from 'fastify';
import type { ApiKeyAuthenticator } from '../../platform/auth/session.js';
import { STAFF_PREFIX } from '../../platform/auth/staff-guard.js';
import { AppError } from '../../platform/http/errors.js';
import { scopeOf } from './scopes.js';
import type { ApiKeysService } from './service.js';

/**
 * The session plugin's way in for API keys: the key proven, then the call checked against the key's
 * scopes (403 `API_KEY_NOT_ALLOWED` for calls keys never make, `API_KEY_SCOPE` for a scope the key
 * lacks), then counted against the key's own rate limit (429 with Retry-After). Console routes are left
 * to the staff gate, which answers any key with the unknown-route 404.
 */
export function createApiKeyAuthenticator(
  keys: Pick<ApiKeysService, 'authenticate'>,
  limit: (keyId: number) => Promise<void>,
): ApiKeyAuthenticator {
  return async (request: FastifyRequest, key: string) => {
    const principal = await keys.authenticate(key, request.ip);
    const route = request.routeOptions.url;
    if (!route?.startsWith(STAFF_PREFIX)) {
      const scope = scopeOf(request.method, route);
      if (!scope) {
        throw new AppError(
          403,
          'API_KEY_NOT_ALLOWED',
          'API keys cannot make this call: it needs you, logged in on the website.',
        );
      }
      if (!principal.scopes.includes(scope)) {
        throw new AppError(403, 'API_KEY_SCOPE', `This API key lacks the "${scope}" scope.`);
      }
    }
    await limit(principal.keyId);
    return principal;
  };
}
