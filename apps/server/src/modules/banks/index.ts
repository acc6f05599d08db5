/**
 * The banks directory: shipped reference data (one JSON file per country, each naming its source), pure
 * lookups over it, and the public `GET /rest/v1/banks*` routes. Bank accounts use the lookups to name a
 * bank and to check a `bank_id`.
 */
export {
  bankByIban,
  bankById,
  bankByRoutingNumber,
  bankBySwift,
  bankCodeOf,
  banksOf,
  presentBank,
  type DirectoryBank,
  type DirectoryMatch,
} from './directory.js';
export { banksRoutes } from './routes.js';
