export { apiClient, createApiClient, ledgerRetryDelay, LEDGER_RETRY } from './api-client';
export type { ApiClient, ApiClientDependencies, HttpMethod, RequestOptions } from './api-client';
export { ApiError, isApiError } from './api-error';
export { apiErrorText, useApiErrorText } from './use-api-error-text';
export {
  enterLoggedInPage,
  isOnLoggedInPage,
  redirectToLogin,
  setLoginRedirectHandler,
} from './auth-redirect';
export { getCsrfToken, setCsrfToken } from './csrf-token';
export { buildQueryString } from './query-string';
export type { QueryParams, QueryValue } from './query-string';
export { retry } from './retry';
export type { RetryOptions } from './retry';
