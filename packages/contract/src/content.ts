import { z } from 'zod';
import { contentPageSlugs } from './content-routes.js';
import { localeSchema } from './common.js';

/**
 * Content pages: Markdown the operator can replace (`DATA_DIR/pages/<slug>.md`, `<slug>.es.md`), with
 * defaults shipped in the repository. Decisions: docs/decisions/0016-content-pages.md.
 */
export {
  contentPageAliases,
  contentPageRoutes,
  contentPageSlugs,
  type ContentPageSlug,
} from './content-routes.js';
export const contentPageSlugSchema = z.enum(contentPageSlugs);

/**
 * `GET /rest/v1/pages/{slug}`. A malformed slug (anything but lowercase words joined by "-") is a 422;
 * a well-formed one that names no page is a 404.
 */
export const contentPageParamsSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Lowercase letters, digits and "-" only' }),
});

/** `?locale=es` asks for the Spanish text; English is served when the page has none. */
export const contentPageQuerySchema = z.object({ locale: localeSchema.optional() });
export type ContentPageQuery = z.infer<typeof contentPageQuerySchema>;

export const contentPageSchema = z.object({
  slug: contentPageSlugSchema,
  /** The Markdown's first `# heading` (or the page's default name when the file has none). */
  title: z.string(),
  /** The rest of the Markdown, placeholders filled in. Rendered without raw HTML. */
  markdown: z.string(),
  /** The language of the text served (English when the asked language has no file). */
  locale: localeSchema,
  /** When the file served was last changed. */
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;
