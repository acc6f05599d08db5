import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { buildStamp } from './build-stamp.mjs';

/** Where the dev server forwards API calls; the Fastify server listens here by default. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/** Paths that belong to the server, not to the SPA (the server's own list is in apps/server/src/modules/app/routes.ts). */
const proxiedPrefixes = ['/rest', '/docs', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies of every built asset over 1 KiB, made once here; the server's
    // @fastify/static (preCompressed) sends the one the browser accepts. index.html is left out: the
    // server renders it per request (apps/server/src/modules/app/html-shell.ts).
    compression({
      include: /\.(js|mjs|css|svg|json)$/,
      threshold: 1024,
      algorithms: ['brotliCompress', 'gzip'],
    }),
    // Records what each finished build was made from (dist-inputs.json): `npm start` builds only when it
    // changed (build-stamp.mjs, scripts/build-web-if-changed.mjs).
    buildStamp(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    strictPort: true,
    // `ws` for /rest: the WebSocket (/rest/v1/ws) goes through the same proxy; the Host header is kept,
    // so the server's Origin check sees the dev server's own origin.
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget, ws: prefix === '/rest' }]),
    ),
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    // Browsers with native light-dark() (2024+). With older targets the CSS minifier rewrites
    // light-dark() into variables nothing defines and the declarations vanish in both schemes.
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    emptyOutDir: true,
    // Every page is its own chunk through React.lazy (src/app/router.tsx). Libraries go to a few
    // named vendor chunks that change rarely, so a deploy of app code keeps them cached.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Shared chunks under 16 KiB are copied into the chunks that use them: a page then needs a few
          // requests instead of dozens (a browser opens six connections to a host over HTTP/1.1).
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          groups: [
            // Charts (recharts and its d3/redux stack) only load with the pages that draw one. Without
            // includeDependenciesRecursively: false the group would also swallow React, which recharts imports.
            {
              name: 'vendor-charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|redux-thunk|react-redux|immer|reselect|es-toolkit|eventemitter3|decimal\.js-light|tiny-invariant)[\\/]/,
              priority: 4,
              includeDependenciesRecursively: false,
            },
            // Everything else the first paint needs (Mantine's core, TanStack Query, i18next, the shell) in
            // one chunk: one request and one compression window instead of dozens of small shared chunks.
            { name: 'app-shell', tags: ['$initial'], priority: 1 },
            // Forms and answers are checked with the contract's schemas on the pages that have them; the
            // main bundle does without (see shared/api/session-schemas.ts), so zod is its own chunk.
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
});
