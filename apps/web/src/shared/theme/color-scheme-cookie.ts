import { isMantineColorScheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';

export const THEME_COOKIE = 'theme';
/** About one month (spec: "dark theme toggle is saved in a cookie (about one month)"). */
export const THEME_COOKIE_MAX_AGE_SECONDS = 2_592_000;

export function readThemeCookie(cookie: string = document.cookie): 'light' | 'dark' | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== THEME_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    return value === 'dark' || value === 'light' ? value : null;
  }
  return null;
}

export function writeThemeCookie(value: 'light' | 'dark' | null): void {
  const base = `${THEME_COOKIE}=${value ?? ''}; Path=/; SameSite=Lax`;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === null
      ? `${base}; Max-Age=0${secure}`
      : `${base}; Max-Age=${THEME_COOKIE_MAX_AGE_SECONDS}${secure}`;
}

/**
 * Keeps Mantine's colour scheme in the `theme` cookie instead of localStorage, because the server reads
 * that cookie to render `data-mantine-color-scheme` into the HTML: a dark page is dark from the first
 * paint, with no flash. Another tab's change is picked up when this tab becomes visible again.
 */
export function cookieColorSchemeManager(): MantineColorSchemeManager {
  let onVisibility: (() => void) | null = null;
  return {
    get: (defaultValue: MantineColorScheme) => readThemeCookie() ?? defaultValue,
    set: (value: MantineColorScheme) => {
      writeThemeCookie(value === 'auto' ? null : value);
    },
    subscribe: (onUpdate) => {
      onVisibility = () => {
        const value = readThemeCookie();
        if (document.visibilityState === 'visible' && isMantineColorScheme(value)) onUpdate(value);
      };
      document.addEventListener('visibilitychange', onVisibility);
    },
    unsubscribe: () => {
      if (onVisibility) document.removeEventListener('visibilitychange', onVisibility);
      onVisibility = null;
    },
    clear: () => writeThemeCookie(null),
  };
}
