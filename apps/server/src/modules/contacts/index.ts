/** Trusted and blocked relations between users (the contacts issue adds its routes on top). */
export { contactsRepository } from './repository.js';
export { userRelations, RELATION_KINDS, type RelationKind } from './tables.js';
