export { createUsersService, type UsersService, type CreateUserInput } from './service.js';
export { avatarUrlOf, type CurrentUserFacts } from './presenter.js';
export {
  createCurrentUserPresenter,
  type CurrentUserPresenter,
  type CurrentUserReaders,
} from './current-user.js';
export { usersRoutes } from './routes.js';
export type { UserRow } from './repository.js';
export { publicProfileRoutes } from './public-profile.js';
export { userStanding } from './standing.js';
