import { contentPageAliases, contentPageRoutes, contentPageSlugs, type ContentPageSlug } from '@app/contract';
import { NAMED_ROUTES } from './initial-state.js';

const CONTENT_PAGE_PATHS = new Map<string, ContentPageSlug>([
  ...contentPageSlugs.map((slug) => [NAMED_ROUTES[contentPageRoutes[slug]], slug] as const),
  ...Object.entries(contentPageAliases).map(([alias, slug]) => [`/${alias}`, slug] as const),
]);

/** The content page a path shows (the locale prefix already removed), or null. */
export function contentPageOfPath(pathname: string): ContentPageSlug | null {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CONTENT_PAGE_PATHS.get(normalized) ?? null;
}
