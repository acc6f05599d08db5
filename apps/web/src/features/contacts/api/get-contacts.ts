import { contactsPageSchema, type ContactsPage } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { contactsKeys } from './query-keys';

/** The three lists of users on the contacts page, by their names in the page's address. */
export const contactsLists = ['recent-trades', 'trusted', 'blocked'] as const;
export type ContactsList = (typeof contactsLists)[number];

const PATHS: Record<ContactsList, string> = {
  'recent-trades': '/rest/v1/users/me/contacts/recent-trades',
  trusted: '/rest/v1/users/me/contacts/trusted-list',
  blocked: '/rest/v1/users/me/contacts/blocked-list',
};

/** `GET /rest/v1/users/me/contacts/{recent-trades|trusted-list|blocked-list}?page`: 10 a page. */
export function getContacts(list: ContactsList, page: number, signal?: AbortSignal): Promise<ContactsPage> {
  return apiClient.get(PATHS[list], { query: { page }, schema: contactsPageSchema, signal });
}

export const contactsQueryOptions = (list: ContactsList, page: number) =>
  queryOptions({
    queryKey: contactsKeys.page(list, page),
    queryFn: ({ signal }) => getContacts(list, page, signal),
  });

/** One page of a list; the previous page stays on screen while the next one loads. */
export function useContacts(list: ContactsList, page: number) {
  return useQuery({ ...contactsQueryOptions(list, page), placeholderData: keepPreviousData });
}
