import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from './server-process.js';

/**
 * A production start with CHAIN_BTC=esplora as an operator runs it (decision 0056): without a node, a
 * descriptor and a hot wallet key the process stops, naming each, before it touches the data directory.
 * (Each refusal on its own is in chain/bitcoin/from-config.test.ts.)
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the server process with CHAIN_BTC=esplora', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-btc-start-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('should refuse to start without node, descriptor and key, saying so', { timeout: 120_000 }, async () => {
    const dataDir = path.join(scratch, 'data');
    const result = await run(
      ['src/main.ts'],
      {
        NODE_ENV: 'production',
        APP_ENV: 'production',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        CHAIN_BTC: 'esplora',
        BTC_DEPOSIT_DESCRIPTOR:
          'wpkh(xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi/0/*)',
      },
      90_000,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Refusing to start Bitcoin or Litecoin on Esplora');
    expect(result.stderr).toContain('BTC_ESPLORA_URL is missing');
    expect(result.stderr).toContain(
      'BTC_DEPOSIT_DESCRIPTOR: The descriptor holds an extended PRIVATE key (xprv)',
    );
    expect(result.stderr).toContain('BTC_HOT_WALLET_KEY or BTC_HOT_WALLET_KEY_FILE is missing');
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
