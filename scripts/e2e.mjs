#!/usr/bin/env node
// `npm run test:e2e`: builds the web app, then runs the Playwright browser tests. Playwright's own
// webServer starts the real server on a fresh embedded database (apps/web/playwright.config.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

fs.rmSync(path.join(root, '.test-results', 'playwright.json'), { force: true });
const build = run('npm', ['run', 'build', '-w', '@app/web']);
if (build !== 0) process.exit(build);
process.exit(
  run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)]),
);
