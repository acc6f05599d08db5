import { tagSchema, type Locale } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { REFERENCE_GC_TIME, REFERENCE_STALE_TIME } from './stale-time';

const tagsSchema = z.array(tagSchema);

export type TagsFilter = {
  /** A payment method slug or id: only tags an offer with that method may carry. */
  paymentMethod?: string | null;
  /** A payment method group slug or id: only tags that fit the group. */
  group?: string | null;
};

/** `GET /rest/v1/tags`, optionally only the tags that fit a payment method and/or group. */
export function getTags(filter: TagsFilter, locale: Locale, signal?: AbortSignal) {
  return apiClient.get('/rest/v1/tags', {
    query: { 'payment-method': filter.paymentMethod, group: filter.group, locale },
    schema: tagsSchema,
    signal,
  });
}

export const getTagsQueryOptions = (filter: TagsFilter, locale: Locale) =>
  queryOptions({
    queryKey: ['catalogue', 'tags', filter.paymentMethod ?? null, filter.group ?? null, locale],
    queryFn: ({ signal }) => getTags(filter, locale, signal),
    staleTime: REFERENCE_STALE_TIME,
    gcTime: REFERENCE_GC_TIME,
  });

/** Tags for the filter; while another filter's list loads, the previous list stays on screen. */
export function useTags(filter: TagsFilter) {
  return useQuery({ ...getTagsQueryOptions(filter, useLocale()), placeholderData: keepPreviousData });
}
