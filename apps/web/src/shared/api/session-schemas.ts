// The contract's schemas for the session calls the main bundle makes. Imported only dynamically
// (`import('./session-schemas')`): zod and these schemas stay out of the first download, and load
// when a login, a logout or a focus check asks the server who is logged in.
export { currentUserSchema, initialStateSchema } from '@app/contract';
