import { describe, expect, it } from 'vitest';
import { countryName } from './country-name';

describe('countryName', () => {
  it('should name a country in the page language', () => {
    expect(countryName('DE', 'es', 'Germany')).toBe('Alemania');
    expect(countryName('DE', 'en', 'Germany')).toBe('Germany');
    expect(countryName('es', 'es', 'Spain')).toBe('España');
  });

  it('should fall back to the server name for what Intl does not name', () => {
    expect(countryName('WORLDWIDE', 'es', 'Worldwide')).toBe('Worldwide');
    expect(countryName('', 'es', 'Somewhere')).toBe('Somewhere');
  });
});
