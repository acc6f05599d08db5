import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, stripLocale, switchLocalePath } from './locale-path';

describe('locale paths', () => {
  it('should read the locale from the first segment, English without a prefix', () => {
    expect(localeFromPath('/es/login')).toBe('es');
    expect(localeFromPath('/es')).toBe('es');
    expect(localeFromPath('/login')).toBe('en');
    expect(localeFromPath('/en/login')).toBe('en');
    expect(localeFromPath('/espanol')).toBe('en');
  });

  it('should add and remove the prefix', () => {
    expect(localizePath('/login', 'es')).toBe('/es/login');
    expect(localizePath('/', 'es')).toBe('/es');
    expect(localizePath('/login', 'en')).toBe('/login');
    expect(stripLocale('/es/login')).toBe('/login');
    expect(stripLocale('/es')).toBe('/');
  });

  it('should switch a path between languages, keeping the page', () => {
    expect(switchLocalePath('/register', 'es')).toBe('/es/register');
    expect(switchLocalePath('/es/register', 'en')).toBe('/register');
    expect(switchLocalePath('/es', 'en')).toBe('/');
    expect(switchLocalePath('/es/login', 'es')).toBe('/es/login');
  });
});
