#!/usr/bin/env node
// `npm test`: the whole suite. Unit and API tests (vitest: contract, server, web), then the browser tests
// (Playwright on Debian's Chromium, against the real server). Ends with the plain line
// "N passed, N failed" and exits non-zero on any failure.
//   npm test                      PGlite (embedded) for the server tests, browser tests included
//   TEST_DATABASE_URL=postgres://... npm test   the server tests on a PostgreSQL server
//   npm test -- --no-e2e          skip the browser tests (CI runs them once, not per database)
//   npm test -- --label NAME      name of the result files in .test-results/
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const withE2e = !args.includes('--no-e2e');
const labelIndex = args.indexOf('--label');
const label = labelIndex >= 0 ? args[labelIndex + 1] : process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const resultsDir = path.join(root, '.test-results');
fs.mkdirSync(resultsDir, { recursive: true });

const run = (command, commandArgs, env = {}) =>
  spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ??
  1;

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const totals = { passed: 0, failed: 0, skipped: 0 };
// Names of the tests that failed, and of the browser tests that passed only on their retry, so the end of
// a long CI log says which ones without scrolling back through it.
const failures = [];
const flaky = [];
let crashed = false;

const playwrightTests = (suite, titles = []) =>
  [...(suite.suites ?? []), ...(suite.specs ?? [])].flatMap((child) =>
    child.tests
      ? child.tests.map((test) => ({ name: [...titles, child.title].filter(Boolean).join(' › '), test }))
      : playwrightTests(child, [...titles, child.title]),
  );

// --- vitest -------------------------------------------------------------------------------------------
const vitestFile = path.join(resultsDir, `vitest-${label}.json`);
fs.rmSync(vitestFile, { force: true });
const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
];
if (process.env.TEST_DATABASE_URL && !withE2e) vitestArgs.push('--project', 'server');
const vitestStatus = run('npx', vitestArgs);
const vitest = readJson(vitestFile);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A file that fails to load has no failed test but fails the run.
  if (vitestStatus !== 0 && vitest.numFailedTests === 0) crashed = true;
  for (const file of vitest.testResults) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push(`${where} › ${test.fullName}`);
    }
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) {
      failures.push(`${where} (did not run: ${String(file.message ?? '').split('\n')[0]})`);
    }
  }
} else if (vitestStatus !== 0) crashed = true;

// --- Playwright ---------------------------------------------------------------------------------------
if (withE2e) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    const required = process.env.CI === 'true' || process.env.E2E_REQUIRED === '1';
    console.error(`\nBrowser tests need Chromium at ${chromium} (Debian: apt-get install -y chromium).`);
    if (required) crashed = true;
    else console.error('They were NOT run. Install Chromium and run `npm run test:e2e`.\n');
  } else {
    const e2eStatus = run('node', ['scripts/e2e.mjs']);
    const report = readJson(path.join(resultsDir, 'playwright.json'));
    if (report) {
      totals.passed += report.stats.expected + (report.stats.flaky ?? 0);
      totals.failed += report.stats.unexpected;
      totals.skipped += report.stats.skipped;
      if (e2eStatus !== 0 && report.stats.unexpected === 0) crashed = true;
      for (const { name, test } of report.suites.flatMap((suite) => playwrightTests(suite, [suite.title]))) {
        if (test.status === 'unexpected') failures.push(`e2e ${name}`);
        if (test.status === 'flaky') flaky.push(`e2e ${name}`);
      }
    } else if (e2eStatus !== 0) crashed = true;
  }
}

fs.writeFileSync(
  path.join(resultsDir, `summary-${label}.json`),
  JSON.stringify({ ...totals, crashed, failures, flaky }),
);
if (crashed) console.error('\nA test runner failed outside its tests (see the output above).');
for (const name of flaky) console.log(`flaky (passed on retry): ${name}`);
for (const name of failures) console.log(`FAILED: ${name}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || crashed ? 1 : 0);
