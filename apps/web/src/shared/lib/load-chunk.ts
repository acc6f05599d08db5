import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAppLanguage } from '../i18n/feature-messages';
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a component with any props.
type AnyComponent = ComponentType<any>;

/**
 * `React.lazy` for a page (or a part of the shell that only some users see) exported by name:
 * `lazyPage(() => import('./login-page'), 'LoginPage')`. Each call becomes its own chunk in the build;
 * it renders once both its code and the current language's feature texts are in. A page that only uses
 * the common texts (`featureTexts: false`: the home page) renders as soon as its code is in.
 */
export function lazyPage<Name extends string, Module extends Record<Name, AnyComponent>>(
  importer: () => Promise<Module>,
  name: Name,
  { featureTexts = true }: { featureTexts?: boolean } = {},
): LazyExoticComponent<Module[Name]> {
  const texts = featureTexts ? loadAppLanguage : () => Promise.resolve();
  return lazy(() =>
    loadChunk(() => Promise.all([importer(), texts()])).then(([module]) => ({
      default: module[name],
    })),
  );
}

/**
 * Resolves once the browser is idle after the first paint (at the latest after `timeoutMs`): for the
 * parts of the shell nobody needs in the first second (the mobile drawer, the toast host, the language
 * menu), so their chunks do not queue before the page's own on the browser's six connections.
 */
export function whenIdle(timeoutMs = 1_500): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    } else {
      setTimeout(resolve, 1);
    }
  });
}
