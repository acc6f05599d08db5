import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { HDKey } from '@scure/bip32';
import * as btc from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bitcoinNetwork, signerNetwork } from '../src/modules/wallet/chain/bitcoin/networks.js';
import { startEsploraServer, type EsploraServer } from './chain/esplora-server.js';
import { RegtestChain, testKey } from './chain/regtest-chain.js';
import { kycLevelsEnv } from './kyc-levels.js';
import { freePort, HttpSession, startServer, stop } from './server-process.js';

const REGTEST = bitcoinNetwork('BTC', 'regtest');
const NET = signerNetwork(REGTEST);
const ACCOUNT = HDKey.fromMasterSeed(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'), {
  public: 0x043587cf,
  private: 0x04358394,
}).derive("m/84'/1'/0'");
const HOT = testKey(REGTEST, 'process hot wallet');
const OUTSIDE = testKey(REGTEST, 'process outside wallet');

/**
 * main.ts with CHAIN_BTC=esplora, as an operator runs it, against an Esplora server over a regtest chain:
 * the follower it starts credits a deposit, the payout batcher it starts (BTC_BATCH_SECONDS) signs,
 * broadcasts and settles a withdrawal, and a SIGTERM stops it all cleanly.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the server process paying Bitcoin on Esplora',
  () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-btc-payouts-'));
    let chain: RegtestChain;
    let esplora: EsploraServer;
    let server: { child: ChildProcess; output: () => string } | undefined;
    let base = '';

    const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> => {
      const end = Date.now() + ms;
      for (;;) {
        const value = await read();
        if (ok(value)) return value;
        if (Date.now() > end) {
          throw new Error(`timed out; last: ${JSON.stringify(value)}\n${server?.output()}`);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    };

    beforeAll(async () => {
      chain = new RegtestChain(REGTEST);
      chain.mine(101);
      chain.pay(chain.miner, [{ address: HOT.address, amount: 100_000_000n }]);
      chain.mine(1);
      esplora = await startEsploraServer(chain);
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = await startServer({
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(scratch, 'data'),
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_REGISTER_PER_HOUR: '0',
        WITHDRAW_REQUIRE_VERIFIED_EMAIL: 'false',
        ...kycLevelsEnv({ withdrawalUsd: null }),
        CHAIN_BTC: 'esplora',
        BTC_NETWORK: 'regtest',
        BTC_ESPLORA_URL: esplora.url,
        BTC_DEPOSIT_DESCRIPTOR: `wpkh([3442193e/84'/1'/0']${ACCOUNT.publicExtendedKey}/0/*)`,
        BTC_HOT_WALLET_KEY: btc.WIF(NET).encode(HOT.privateKey),
        BTC_POLL_SECONDS: '1',
        BTC_BATCH_SECONDS: '5',
        WALLET_CONFIRMATIONS: 'BTC:1',
        WALLET_NETWORK_FEES: 'BTC:0.00002',
      });
    }, 180_000);
    afterAll(async () => {
      if (server) await stop(server.child);
      await esplora?.close();
      fs.rmSync(scratch, { recursive: true, force: true });
    });

    it(
      'should credit a deposit, then batch, broadcast and settle a withdrawal, and stop cleanly',
      { timeout: 120_000 },
      async () => {
        const alice = new HttpSession(base);
        const registered = await alice.register('proc_alice');
        expect(registered.status).toBe(201);
        const deposit = await alice.request(
          'GET',
          '/rest/v2/wallet/deposit-address?crypto_currency_code=BTC',
        );
        expect(deposit.status).toBe(200);
        const address = (deposit.json.data as { address: string }).address;

        const balance = async () =>
          (
            (await alice.request('GET', '/rest/v2/wallet/balances')).json.data as {
              cryptoCurrencyCode: string;
              balance: string;
            }[]
          ).find((b) => b.cryptoCurrencyCode === 'BTC')!.balance;
        chain.pay(chain.miner, [{ address, amount: 50_000_000n }]);
        chain.mine(1);
        // The follower main.ts started (BTC_POLL_SECONDS=1) credits it.
        await until(balance, (b) => b === '0.50000000');

        const sent = await alice.request('POST', '/rest/v2/wallet/withdraw', {
          crypto_currency_code: 'BTC',
          amount: '0.1',
          address: OUTSIDE.address,
        });
        expect(sent.status).toBe(201);
        const withdrawal = async () =>
          (
            (await alice.request('GET', '/rest/v2/wallet/withdrawals')).json.data as {
              txid: string | null;
              status: string;
            }[]
          )[0]!;
        // The batcher main.ts started (BTC_BATCH_SECONDS=5) signs and broadcasts it.
        const broadcast = await until(withdrawal, (w) => w.txid !== null);
        expect(esplora.requests).toContain('POST /tx');
        expect(chain.mempool.has(broadcast.txid!)).toBe(true);
        chain.mine(1);
        // ... and settles it at the confirmation.
        await until(withdrawal, (w) => w.status === 'completed');
        expect(chain.unspentOf(OUTSIDE.script).map((c) => c.value)).toEqual([10_000_000n]);

        const child = server!.child;
        server = undefined;
        expect(await stop(child)).toBe(0);
      },
    );
  },
);
