// What the web build was made from, so `npm start` builds only when that changed (issue 26).
//
// Every `vite build` (npm run build, npm start, the browser tests) records a content hash of everything it
// reads in `apps/web/dist-inputs.json`, beside `dist`: removed when a build starts, written when it ends
// without an error. `npm start` (scripts/start.mjs) compares it with the sources as they are now.
// Plain JavaScript, so the start script runs it without a TypeScript loader; types in build-stamp.d.mts.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(WEB_DIR, '../..');
export const STAMP_FILE = path.join(WEB_DIR, 'dist-inputs.json');

/**
 * What the build reads, relative to the repository root: the web app's sources, page, static files,
 * build and TypeScript configuration and env files, the contract package it imports, and the lockfile
 * (the exact versions of Vite, its plugins and every bundled library). Folders are read whole.
 */
export const BUILD_INPUTS = [
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/web/build-stamp.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/.env',
  'apps/web/.env.local',
  'apps/web/.env.production',
  'apps/web/.env.production.local',
  'packages/contract/package.json',
  'packages/contract/src',
  'tsconfig.base.json',
  'package-lock.json',
];

/** Every file under `entry` (a file or a folder), sorted; nothing for a path that does not exist. */
function filesOf(root, entry) {
  const full = path.join(root, entry);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return [];
  }
  if (stat.isFile()) return [entry];
  if (!stat.isDirectory()) return [];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .map((child) => child.name)
    .sort()
    .flatMap((name) => filesOf(root, path.posix.join(entry, name)));
}

/**
 * A SHA-256 over the inputs' paths and contents (not their times: a checkout or a copy that leaves the
 * contents alone needs no build), and over the `VITE_*` variables Vite puts into the app.
 */
export function buildInputsHash(root = REPO_ROOT, env = process.env, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((entry) => filesOf(root, entry))) {
    const content = fs.readFileSync(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  for (const name of Object.keys(env).sort()) {
    if (name.startsWith('VITE_')) hash.update(`env\0${name}=${env[name]}\0`);
  }
  return hash.digest('hex');
}

/** The hash the last finished build recorded, or null (never built, or a build under way or failed). */
export function readStamp(file = STAMP_FILE) {
  try {
    const stamp = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof stamp?.inputs === 'string' ? stamp.inputs : null;
  } catch {
    return null;
  }
}

/**
 * Whether `npm start` builds the web app: when there is no build, when no finished build recorded its
 * inputs, or when they differ from the sources now.
 */
export function webBuildDecision({ built, stamp, inputs }) {
  if (!built) return { build: true, reason: 'no build yet' };
  if (stamp === null) return { build: true, reason: 'the last build did not record its sources' };
  if (stamp !== inputs) return { build: true, reason: 'the sources changed since the last build' };
  return { build: false, reason: 'up to date with the sources' };
}

/**
 * The Vite plugin that keeps the stamp true: removed as a build starts (a build stopped halfway leaves
 * none), written with the inputs' hash when the build ended without an error.
 */
export function buildStamp(file = STAMP_FILE) {
  let inputs = null;
  let failed = false;
  return {
    name: 'p2p:build-stamp',
    apply: 'build',
    buildStart() {
      failed = false;
      inputs = buildInputsHash();
      fs.rmSync(file, { force: true });
    },
    buildEnd(error) {
      if (error) failed = true;
    },
    renderError() {
      failed = true;
    },
    closeBundle() {
      if (failed || inputs === null) return;
      fs.writeFileSync(file, `${JSON.stringify({ inputs, builtAt: new Date().toISOString() }, null, 2)}\n`);
    },
  };
}
