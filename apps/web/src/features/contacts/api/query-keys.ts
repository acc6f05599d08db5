import type { ContactsList } from './get-contacts';

/** Cache keys of the contacts lists; everything lives under `['contacts']`. */
export const contactsKeys = {
  all: ['contacts'] as const,
  list: (list: ContactsList) => ['contacts', list] as const,
  page: (list: ContactsList, page: number) => ['contacts', list, page] as const,
};
