/**
 * The auth feature's public surface for the app shell. Pages are not exported here: the router
 * imports them lazily by path so each page stays its own chunk.
 */
export { createLogoutAction } from './api/logout';
