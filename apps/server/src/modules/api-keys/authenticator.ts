import type { FastifyRequest } from 'fastify';
import type { ApiKeyAuthenticator } from '../../platform/auth/session.js';
import type { ApiKeysService } from './service.js';

/**
 * The session plugin's way in for API keys: the key proven (401 `INVALID_API_KEY` otherwise), then
 * counted against the key's own rate limit (429 with Retry-After). What the key's scopes allow is
 * decided for every route by the route access table (platform/http/route-access.ts, decision 0049).
 */
export function createApiKeyAuthenticator(
  keys: Pick<ApiKeysService, 'authenticate'>,
  limit: (keyId: number) => Promise<void>,
): ApiKeyAuthenticator {
  return async (request: FastifyRequest, key: string) => {
    const principal = await keys.authenticate(key, request.ip);
    await limit(principal.keyId);
    return principal;
  };
}
