import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  contentPageSlugs,
  DEFAULT_LOCALE,
  type ContentPage,
  type ContentPageSlug,
  type Locale,
} from '@app/contract';
import { notFound } from '../../platform/http/errors.js';
import { fillPlaceholders, splitTitle } from './markdown-page.js';
import type { PageFiles } from './page-files.js';

/** The texts shipped with the software; `DATA_DIR/pages/` overrides them file by file. */
export const DEFAULT_PAGES_DIR = fileURLToPath(new URL('./defaults', import.meta.url));

/** The title when a file has no `# heading`. */
const FALLBACK_TITLES: Record<ContentPageSlug, Record<Locale, string>> = {
  about: { en: 'About', es: 'Acerca de' },
  terms: { en: 'Terms of service', es: 'Condiciones del servicio' },
  privacy: { en: 'Privacy policy', es: 'Política de privacidad' },
  fees: { en: 'Fees', es: 'Comisiones' },
};

export const isContentPageSlug = (slug: string): slug is ContentPageSlug =>
  (contentPageSlugs as readonly string[]).includes(slug);

export type ContentServiceOptions = {
  /** Where the operator's files live (`DATA_DIR/pages`). */
  operatorDir: string;
  defaultsDir?: string;
  files: PageFiles;
  /** The `{{placeholder}}` values in the asked language. */
  placeholders: (locale: Locale) => Promise<Record<string, string>>;
};

/**
 * Content pages (about, terms, privacy, fees). For `?locale=es` the first file found wins:
 * the operator's `<slug>.es.md`, the operator's `<slug>.md`, the shipped `<slug>.es.md`, the shipped
 * `<slug>.md`. An operator's English text beats the shipped Spanish one: what the operator wrote is what
 * applies, even in a language the operator did not translate it into.
 */
export function createContentService({
  operatorDir,
  defaultsDir = DEFAULT_PAGES_DIR,
  files,
  placeholders,
}: ContentServiceOptions) {
  async function locate(slug: ContentPageSlug, locale: Locale) {
    const translated = locale === DEFAULT_LOCALE ? [] : [{ name: `${slug}.${locale}.md`, locale }];
    const english = [{ name: `${slug}.md`, locale: DEFAULT_LOCALE }];
    for (const dir of [operatorDir, defaultsDir]) {
      for (const candidate of [...translated, ...english]) {
        const file = await files.read(path.join(dir, candidate.name));
        if (file) return { ...file, locale: candidate.locale };
      }
    }
    // The shipped defaults exist for every slug: only a broken install gets here.
    throw new Error(`content page "${slug}" has no file in ${defaultsDir}`);
  }

  return {
    /** `GET /rest/v1/pages/{slug}`: 404 for a slug that names no page. */
    async page(slug: string, locale: Locale = DEFAULT_LOCALE): Promise<ContentPage> {
      if (!isContentPageSlug(slug)) throw notFound(`No page named "${slug}"`);
      const file = await locate(slug, locale);
      const values = await placeholders(file.locale);
      const { title, markdown } = splitTitle(file.text, FALLBACK_TITLES[slug][file.locale]);
      return {
        slug,
        title: fillPlaceholders(title, values),
        markdown: fillPlaceholders(markdown, values),
        locale: file.locale,
        updatedAt: file.modifiedAt.toISOString(),
      };
    },

    /** The page's title alone (the HTML shell's `<title>`). */
    async title(slug: ContentPageSlug, locale: Locale): Promise<string> {
      const file = await locate(slug, locale);
      const { title } = splitTitle(file.text, FALLBACK_TITLES[slug][file.locale]);
      return fillPlaceholders(title, await placeholders(file.locale));
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
