/**
 * Content pages: about, terms of service, privacy policy and fees as Markdown, shipped in `defaults/`
 * and replaceable by the operator in `DATA_DIR/pages/` (docs/decisions/0016-content-pages.md).
 * For other modules: `ContentService.title(slug, locale)` (the HTML shell's `<title>`).
 */
export { createContentService, DEFAULT_PAGES_DIR, type ContentService } from './service.js';
export { createPageFiles } from './page-files.js';
export { placeholderValues } from './placeholders.js';
export { contentRoutes } from './routes.js';
