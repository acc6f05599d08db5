import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { globalErrorModal } from '../ui/global-error-modal-store';

/** How long a code-split chunk may take to load before we give up (spec: 120 s). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkLoadErrorCode = 'CHUNK_LOAD_FAILED' | 'CHUNK_LOAD_TIMEOUT' | 'CSS_CHUNK_LOAD_FAILED';

/**
 * A page's code could not be loaded: usually a new version was deployed and the old chunk files are
 * gone, or the network dropped. Only a page reload helps, so the global modal asks for one.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly code: ChunkLoadErrorCode;

  constructor(code: ChunkLoadErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof ChunkLoadError;

/** Vite's preload helper rejects with "Unable to preload CSS for ..." when a CSS chunk fails. */
function classify(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/preload CSS|CSS_CHUNK_LOAD_FAILED/i.test(message)) {
    return new ChunkLoadError('CSS_CHUNK_LOAD_FAILED', message, { cause: error });
  }
  return new ChunkLoadError('CHUNK_LOAD_FAILED', message, { cause: error });
}

/**
 * Runs a dynamic import with the spec's 120 s timeout. On failure (timeout, JS or CSS chunk) it raises
 * the global error modal as "page reload required" and rejects with a ChunkLoadError.
 */
export function loadChunk<T>(
  importer: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const fail = (error: ChunkLoadError) => {
      globalErrorModal.raise('page-reload-required');
      reject(error);
    };
    const timer = setTimeout(
      () =>
        fail(
          new ChunkLoadError('CHUNK_LOAD_TIMEOUT', `Loading a page chunk took longer than ${timeoutMs} ms`),
        ),
      timeoutMs,
    );
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        fail(classify(error));
      },
    );
  });
}

/**
 * `React.lazy` for a page exported by name: `lazyPage(() => import('./login-page'), 'LoginPage')`.
 * Each call becomes its own chunk in the build.
 */
export function lazyPage<Name extends string, Module extends Record<Name, ComponentType>>(
  importer: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(() => loadChunk(importer).then((module) => ({ default: module[name] })));
}
