import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@app/contract';
import { useLocale } from '../i18n/locale-context';
import { formatWait } from '../lib/format-wait';
import { isApiError } from './api-error';

/**
 * The words for a failed call. A 429 (a rate limit or a throttle) says how long to wait, from the
 * answer's Retry-After, in the page's language; other API errors are said by their code in the page's
 * language (`apiErrors.<CODE>`) or, for a code without words here, as the server said; anything else is
 * the generic "something went wrong".
 */
export function apiErrorText(error: unknown, t: TFunction, locale: Locale): string {
  if (!isApiError(error)) return t('common.unexpectedError');
  if (error.status === 429) {
    return error.retryAfterSeconds
      ? t('common.tooManyRequestsWait', { wait: formatWait(error.retryAfterSeconds, locale) })
      : t('common.tooManyRequests');
  }
  // Codes the client knows are said in the page's language; any other keeps the server's words.
  return t(`apiErrors.${error.code}` as 'apiErrors.EMAIL_NOT_VERIFIED', { defaultValue: error.message });
}

/** `apiErrorText` bound to the current language. */
export function useApiErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return useCallback((error: unknown) => apiErrorText(error, t, locale), [t, locale]);
}
