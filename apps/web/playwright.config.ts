import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the real server and database. The runner builds the web app first
 * (`npm run build -w @app/web`); this config only starts the server, which serves apps/web/dist.
 */
const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webDir, '../..');
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh database per run. Workers load this file too: they inherit the directory through the
// environment, and only the main process (no TEST_WORKER_INDEX) creates and finally removes it.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  if (process.env.TEST_WORKER_INDEX === undefined) {
    process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  }
}
const dataDir = process.env.E2E_DATA_DIR;

// A second server for bitcoin-deposit.spec.ts only: real Bitcoin (CHAIN_BTC=esplora) against a regtest node
// the tests drive (apps/server/test/chain/esplora-standalone.ts), so the other specs keep the simulated
// chain. Its own database, made and removed as above; its address reaches the spec as E2E_BTC_URL.
const btcPort = Number(process.env.E2E_BTC_PORT ?? port - 1);
const esploraPort = Number(process.env.E2E_ESPLORA_PORT ?? port - 2);
const esploraControlPort = Number(process.env.E2E_ESPLORA_CONTROL_PORT ?? port - 3);
process.env.E2E_BTC_URL = `http://127.0.0.1:${btcPort}`;
process.env.E2E_ESPLORA_CONTROL_URL = `http://127.0.0.1:${esploraControlPort}`;
if (!process.env.E2E_BTC_DATA_DIR) {
  const btcDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-e2e-btc-'));
  process.env.E2E_BTC_DATA_DIR = btcDataDir;
  if (process.env.TEST_WORKER_INDEX === undefined) {
    process.on('exit', () => fs.rmSync(btcDataDir, { recursive: true, force: true }));
  }
}
// The deposit descriptor's public key: BIP-32 test vector 1's seed (000102...0f) at m/84'/1'/0', as in
// the server's Bitcoin tests. A tpub: regtest addresses (bcrt1q...); the server never holds its keys.
// The spec derives the same addresses to check the one it is shown.
process.env.E2E_BTC_DEPOSIT_DESCRIPTOR =
  "wpkh([3442193e/84'/1'/0']tpubDDNRbZGvdA33cgpY5uy2mmphT7sK4uciRjcQScSd64S5KRyZDxHcPuzs24or84Hywugb2JbEEt2jWH8fduiN9cmZzkSj8sSSx6txXkhXyZs/0/*)";
const webDist = process.env.E2E_WEB_DIST ?? path.join(webDir, 'dist');

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(webDir, 'test-results'),
  // The CI machine is two shared cores: with two browsers, the server, argon2 and the admin CLI's
  // processes at once, a chart page took 22-34 s and a payment-method list over 10 s to appear (the
  // same before and after issue 13's changes). The limits leave room for that; a hang still fails.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  // One retry on CI only: a shared machine can stall a browser past a limit once. A test that passes only
  // on its retry is still named at the end of the log ("flaky (passed on retry)") to be fixed.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, '.test-results/playwright.json') }]],
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    // bitcoin-deposit.spec.ts's regtest node, which then starts the CHAIN_BTC=esplora server (it checks the
    // node at start). Playwright waits for the node only: that server boots while the main one does, and
    // the spec waits for it (start-up time on CI's two cores).
    {
      command: 'node --import tsx test/chain/esplora-standalone.ts -- node --import tsx src/main.ts',
      cwd: path.join(repoRoot, 'apps/server'),
      url: `${process.env.E2E_ESPLORA_CONTROL_URL}/test/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_ESPLORA_PORT: String(esploraPort),
        E2E_ESPLORA_CONTROL_PORT: String(esploraControlPort),
        DATA_DIR: process.env.E2E_BTC_DATA_DIR!,
        PORT: String(btcPort),
        HOST: '127.0.0.1',
        // Only what the spec makes: a trader who registers, a coin that arrives. Without demo data the
        // start is shorter (no demo users' password hashes).
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        CHAIN_BTC: 'esplora',
        BTC_NETWORK: 'regtest',
        BTC_ESPLORA_URL: `http://127.0.0.1:${esploraPort}`,
        BTC_DEPOSIT_DESCRIPTOR: process.env.E2E_BTC_DEPOSIT_DESCRIPTOR,
        // The follower reads the node every second (default 15): the spec waits on it three times.
        BTC_POLL_SECONDS: '1',
        WALLET_CONFIRMATIONS: 'BTC:2',
        RATE_LIMIT_REGISTER_PER_HOUR: '100000',
        WEB_DIST_DIR: webDist,
      },
    },
    {
      command: 'node --import tsx ../server/src/main.ts',
      cwd: webDir,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        // Disputes open 8 s after a trade is paid (default 30 minutes): long enough for trade-clock.spec.ts
        // to see the page before the wait ends and the button appear without a reload, on a busy machine;
        // short enough that disputedTrade() (helpers.ts, which waits for it) costs the other specs little.
        TRADE_DISPUTE_AFTER_PAID_SECONDS: '8',
        // Awards can be appealed and are held meanwhile (held-award.spec.ts, decision 0048). The other
        // dispute specs assert nothing that appeals change (status, decision, chat).
        FEATURES: 'disputeAppeal',
        // External withdrawals above 5,000 USD wait for two staff approvals (withdrawal-approvals.spec.ts,
        // decision 0058); wallet.spec.ts sends far less.
        WITHDRAW_APPROVAL_USD: '5000',
        // Every browser comes from 127.0.0.1: the limits run but are out of the tests' reach.
        RATE_LIMIT_REGISTER_PER_HOUR: '100000',
        RATE_LIMIT_CHAT_PER_MINUTE: '100000',
        RATE_LIMIT_CHAT_PER_TRADE_PER_MINUTE: '100000',
        RATE_LIMIT_UPLOADS_PER_HOUR: '100000',
        RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
        // webhooks.spec.ts's receiver listens on 127.0.0.1: a private address, plain http, allowed here only.
        WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
        // E2E_WEB_DIST lets two runs build into separate folders without overwriting each other.
        WEB_DIST_DIR: webDist,
      },
    },
  ],
});
