import fs from 'node:fs';
import path from 'node:path';
import type { InitialState } from '@app/contract';

/** Used when the web app has not been built (API-only runs and tests). */
const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>P2P Market</title></head>
  <body><div id="root"></div><noscript>Build the web app with "npm run build".</noscript></body>
</html>`;

/** JSON inside a <script> must not be able to close the tag or open a comment. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The CSP has no 'unsafe-eval'. Zod 4 probes `new Function` when the bundle builds its schemas (to
 * compile fast parsers); the probe fails safely but the browser reports a violation on every page.
 * Zod reads this global when it loads, before any schema exists, which only a script that runs before
 * the bundle can set.
 */
const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig={jitless:true};';

export type ShellOptions = {
  state: InitialState;
  locale: string;
  colorScheme: 'light' | 'dark';
  /** This response's CSP nonce (platform/http/security-headers.ts): the state script must carry it. */
  nonce: string;
};

/**
 * Renders the SPA's index.html with what the first paint needs: the CSRF token in
 * `<meta name="_token">`, the initial state, the language and the saved colour scheme (no flash).
 */
export function createShellRenderer(webDistDir: string) {
  const indexPath = path.join(webDistDir, 'index.html');
  const template = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : FALLBACK_TEMPLATE;
  return {
    hasBuild: template !== FALLBACK_TEMPLATE,
    render({ state, locale, colorScheme, nonce }: ShellOptions): string {
      const head = [
        `<meta name="_token" content="${escapeAttribute(state.session.csrfToken)}" />`,
        `<script nonce="${escapeAttribute(nonce)}">${ZOD_WITHOUT_EVAL}window.__INITIAL_STATE__=${scriptSafeJson(state)};</script>`,
      ].join('\n    ');
      return template
        .replace(
          /<html[^>]*>/,
          `<html lang="${escapeAttribute(locale)}" data-mantine-color-scheme="${colorScheme}">`,
        )
        .replace('</head>', `    ${head}\n  </head>`);
    },
  };
}

/**
 * Sets the page's `<title>` on the rendered shell, so the tab and link previews are right before any
 * script runs (the web app keeps it up to date afterwards).
 */
export function withDocumentTitle(html: string, title: string): string {
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(title)}</title>`);
}
