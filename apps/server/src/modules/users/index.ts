export { createUsersService, type UsersService, type CreateUserInput } from './service.js';
export { presentCurrentUser } from './presenter.js';
export { usersRoutes } from './routes.js';
export type { UserRow } from './repository.js';
export { publicProfileRoutes } from './public-profile.js';
