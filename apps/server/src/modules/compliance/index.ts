export { createJurisdictions, type Jurisdictions } from './jurisdictions.js';
