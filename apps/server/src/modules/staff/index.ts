/**
 * The staff console's API (issue 11): permissions, user management, the audit log. Only `app.ts`
 * imports this module; it depends on `users` and `audit` through their index files and on the
 * platform (permission table, staff gate). Decision 0019.
 */
export { createStaffService, type StaffService } from './service.js';
export { staffRoutes } from './routes.js';
