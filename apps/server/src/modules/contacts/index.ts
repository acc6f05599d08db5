/**
 * Trusted and blocked relations between users: `PUT /rest/v1/users/{username}/relations` and the
 * contacts lists (recent trades, trusted, blocked). Other modules read the relations through
 * `contactsRepository` or by the table's SQL name.
 */
export { contactsRepository } from './repository.js';
export { userRelations, RELATION_KINDS, type RelationKind } from './tables.js';
export { createContactsService, type ContactsService } from './service.js';
export { contactsRoutes } from './routes.js';
