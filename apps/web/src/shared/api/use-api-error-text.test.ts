import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import es from '../i18n/locales/es.json';
import { ApiError } from './api-error';
import { apiErrorText } from './use-api-error-text';

describe('apiErrorText', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({ lng: 'en', resources: { en: { translation: en }, es: { translation: es } } });
  });
  const rateLimited = (retryAfterSeconds: number | null) =>
    new ApiError(429, 'RATE_LIMITED', 'You are sending messages too fast.', { retryAfterSeconds });

  it('should say how long to wait on a 429, from Retry-After, in the page language', () => {
    expect(apiErrorText(rateLimited(42), i18n.getFixedT('en'), 'en')).toBe(
      'Too many attempts. Please try again in 42 seconds.',
    );
    expect(apiErrorText(rateLimited(3600), i18n.getFixedT('en'), 'en')).toBe(
      'Too many attempts. Please try again in 1 hour.',
    );
    expect(apiErrorText(rateLimited(90), i18n.getFixedT('es'), 'es')).toBe(
      'Demasiados intentos. Vuelve a intentarlo dentro de 2 minutos.',
    );
  });

  it('should ask for a moment when the 429 has no Retry-After', () => {
    expect(apiErrorText(rateLimited(null), i18n.getFixedT('en'), 'en')).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('should show other API errors as the server said, and anything else as unexpected', () => {
    const conflict = new ApiError(409, 'CONFLICT', 'The offer changed.');
    expect(apiErrorText(conflict, i18n.getFixedT('en'), 'en')).toBe('The offer changed.');
    expect(apiErrorText(new Error('boom'), i18n.getFixedT('en'), 'en')).toBe(
      'Something went wrong. Please try again.',
    );
  });
});
