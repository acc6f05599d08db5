import type { AvailableNamedRoute } from './app-state.js';

// Plain values without zod: the web's router (main bundle) needs them; the schemas are in content.ts.

/** The content pages; the Markdown lives in the server's content folder. Decision 0016. */
export const contentPageSlugs = ['about', 'terms', 'privacy', 'fees'] as const;
export type ContentPageSlug = (typeof contentPageSlugs)[number];

/** The named route each page is served at (the footer links and the server-rendered titles use it). */
export const contentPageRoutes = {
  about: 'about',
  terms: 'termsOfService',
  privacy: 'privacyPolicy',
  fees: 'fees',
} as const satisfies Record<ContentPageSlug, AvailableNamedRoute>;

/** Short addresses people type, kept working: each leads to the page's named route. */
export const contentPageAliases: Record<string, ContentPageSlug> = {
  terms: 'terms',
  privacy: 'privacy',
};
