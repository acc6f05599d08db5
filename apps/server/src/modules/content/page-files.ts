import fs from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

/** An operator's page larger than this is ignored (with a warning): a page, not a data dump. */
export const MAX_PAGE_BYTES = 512 * 1024;

type Cached = { mtimeMs: number; size: number; text: string };
export type PageFile = { text: string; modifiedAt: Date };

/**
 * Reads page files through an in-memory cache that is checked against the file's mtime and size on
 * every read, so an operator's edit shows on the next request without a restart, and an unchanged file
 * costs one `stat`.
 */
export function createPageFiles(log: Pick<FastifyBaseLogger, 'warn'>) {
  const cache = new Map<string, Cached>();

  return {
    /** The file's text, or null when it does not exist (or is not a readable regular file). */
    async read(file: string): Promise<PageFile | null> {
      let stat;
      try {
        stat = await fs.stat(file);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') {
          cache.delete(file);
          return null;
        }
        throw error;
      }
      if (!stat.isFile()) return null;
      if (stat.size > MAX_PAGE_BYTES) {
        log.warn({ file, bytes: stat.size, max: MAX_PAGE_BYTES }, 'content page too large: ignored');
        return null;
      }
      const hit = cache.get(file);
      if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) {
        return { text: hit.text, modifiedAt: stat.mtime };
      }
      const text = await fs.readFile(file, 'utf8');
      cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, text });
      return { text, modifiedAt: stat.mtime };
    },
  };
}

export type PageFiles = ReturnType<typeof createPageFiles>;
