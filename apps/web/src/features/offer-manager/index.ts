/**
 * The offer manager: the offer editor (wizard and lite flow) and the my-offers page. Its pages are loaded
 * by the router as lazy chunks; other code only needs the editor's addresses.
 */
export { liteEditorPath, offerEditorPath } from './utils/paths';
