import { contentPageSchema, type ContentPage, type ContentPageSlug, type Locale } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';

/** `GET /rest/v1/pages/{slug}?locale=`: the page's Markdown in that language (English when it has none). */
export function getContentPage(
  slug: ContentPageSlug,
  locale: Locale,
  signal?: AbortSignal,
): Promise<ContentPage> {
  return apiClient.get(`/rest/v1/pages/${encodeURIComponent(slug)}`, {
    query: { locale },
    schema: contentPageSchema,
    signal,
  });
}

export const contentPageQueryOptions = (slug: ContentPageSlug, locale: Locale) =>
  queryOptions({
    queryKey: ['content-page', slug, locale] as const,
    queryFn: ({ signal }) => getContentPage(slug, locale, signal),
    // The operator edits these rarely; the server lets browsers keep them a minute too.
    staleTime: 5 * 60_000,
  });

export function useContentPage(slug: ContentPageSlug, locale: Locale) {
  return useQuery(contentPageQueryOptions(slug, locale));
}
