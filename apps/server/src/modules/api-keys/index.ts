/** API keys for bots and integrations (issue 16, decision 0042). */
export { createApiKeysService, type ApiKeysService, type ApiKeyPrincipal } from './service.js';
export { createApiKeyAuthenticator } from './authenticator.js';
export { apiKeysRoutes } from './routes.js';
