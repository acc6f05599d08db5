/**
 * The server's module graph must stay one-directional (docs/decisions/0020-module-boundaries.md):
 * `npm run lint` fails when two folders of apps/server/src (modules/offers, modules/trades, cli, ...)
 * import each other, directly or through others. Within a folder, files may refer to each other freely.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'A module (a folder of apps/server/src) depends on another that depends back on it. Depend in one ' +
        'direction: read through the other module index.ts interface, or pass a function in from main.ts.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$|/test/|/bench/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
