import { z } from 'zod';
import { lineString } from './strings.js';

/** `PUT /rest/v1/users/{username}/relations`: what the viewer now thinks of that user. */
export const RELATION_ACTIONS = ['trusted', 'untrusted', 'blocked', 'unblocked'] as const;
export type RelationAction = (typeof RELATION_ACTIONS)[number];

export const relationParamsSchema = z.object({ username: lineString().trim().min(1).max(60) });
export const relationBodySchema = z.object({ action: z.enum(RELATION_ACTIONS) });
export type RelationBody = z.infer<typeof relationBodySchema>;

/** The viewer's relation to a user after a change: each flag is the viewer's own (one relation at a time). */
export const relationResultSchema = z.object({
  username: z.string(),
  isTrusted: z.boolean(),
  isBlocked: z.boolean(),
});
export type RelationResult = z.infer<typeof relationResultSchema>;

/** The contacts lists' page size (spec: 10). */
export const CONTACTS_PAGE_SIZE = 10;

export const contactsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type ContactsQuery = z.infer<typeof contactsQuerySchema>;

/** One user in a contacts list, with what the viewer thinks of them. */
export const contactUserSchema = relationResultSchema;
export type ContactUser = z.infer<typeof contactUserSchema>;

/** The spec's page-numbered pagination of the contacts lists (the favourites list carries it too). */
export const pagePaginationSchema = z.object({
  total: z.number().int().min(0),
  currentPage: z.number().int().min(1),
  perPage: z.number().int().min(1),
  /** At least 1, also when the list is empty. */
  lastPage: z.number().int().min(1),
});
export type PagePagination = z.infer<typeof pagePaginationSchema>;

/** `GET /rest/v1/users/me/contacts/{recent-trades|trusted-list|blocked-list}`: page-numbered, 10 a page. */
export const contactsPageSchema = z.object({
  users: z.array(contactUserSchema),
  pagination: pagePaginationSchema,
});
export type ContactsPage = z.infer<typeof contactsPageSchema>;
