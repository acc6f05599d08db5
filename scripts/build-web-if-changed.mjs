#!/usr/bin/env node
// `npm start`'s first step: builds the web app only when what the build reads changed since the last build
// (or there is none yet), and quietly: Vite's errors, not its warnings for developers nor its ~300 lines
// of asset sizes. `npm run build` always builds, with the full report. The record: apps/web/build-stamp.mjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  buildInputsHash,
  readStamp,
  STAMP_FILE,
  WEB_DIR,
  webBuildDecision,
} from '../apps/web/build-stamp.mjs';

const started = performance.now();
const decision = webBuildDecision({
  built: fs.existsSync(path.join(WEB_DIR, 'dist', 'index.html')),
  stamp: readStamp(),
  inputs: buildInputsHash(),
});
if (!decision.build) {
  console.log(`Web app: ${decision.reason}, not rebuilt (\`npm run build\` rebuilds it).`);
  process.exit(0);
}

console.log(`Building the web app (${decision.reason})...`);
const require = createRequire(path.join(WEB_DIR, 'package.json'));
const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], {
  cwd: WEB_DIR,
  stdio: 'inherit',
});
if (result.status !== 0) {
  // Whatever a failed build left behind is not a build of these sources.
  fs.rmSync(STAMP_FILE, { force: true });
  console.error('The web app did not build (see above).');
  process.exit(result.status ?? 1);
}
console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
