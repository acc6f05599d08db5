import { secp256k1 } from '@noble/curves/secp256k1.js';
import { p2wpkh } from '@scure/btc-signer';
import { runAdminCommand } from '../../src/cli/commands.js';
import { createLedger } from '../../src/modules/ledger/index.js';
import type { HotWalletKey } from '../../src/modules/wallet/payouts/build.js';
import { CHAIN_PARAMS } from '../../src/modules/wallet/payouts/networks.js';
import { createBitcoinPayouts, type PayoutSettings } from '../../src/modules/wallet/payouts/service.js';
import { createTestApp, type TestApp, type TestClient } from '../helpers.js';
import { kycLevelsEnv } from '../kyc-levels.js';
import { MemoryBitcoinNode } from './memory-bitcoin-node.js';

export const REGTEST = CHAIN_PARAMS.BTC.regtest;

export function newKey(): HotWalletKey {
  const privateKey = secp256k1.utils.randomSecretKey();
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  return { privateKey, publicKey, address: p2wpkh(publicKey, REGTEST).address! };
}
export const newAddress = () => newKey().address;

/** A BTC network fee of 2,000 satoshis charged per withdrawal; no KYC send-out limit. */
export async function payoutsApp(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    ...kycLevelsEnv({ withdrawalUsd: null }),
    WALLET_NETWORK_FEES: 'BTC:0.00002',
    ...env,
  });
}

/** The payouts of the test app's database against a node stand-in, with a clock the test moves. */
export function payoutsOf(
  t: TestApp,
  node: MemoryBitcoinNode,
  key: HotWalletKey,
  settings: Partial<PayoutSettings> = {},
  clock: { offsetMs: number } = { offsetMs: 0 },
) {
  return createBitcoinPayouts({
    db: t.database.db,
    ledger: createLedger(t.database.db),
    node,
    key,
    params: REGTEST,
    settings: {
      maxPerTx: 100_000_000n,
      maxPerDay: 1_000_000_000n,
      rbfAfterSeconds: 600,
      requiredConfirmations: 2,
      ...settings,
    },
    now: () => new Date(Date.now() + clock.offsetMs),
  });
}

export async function deposit(t: TestApp, username: string, amount: string) {
  await runAdminCommand({ db: t.database.db, config: t.config }, [
    'wallet:deposit',
    '--user',
    username,
    '--crypto',
    'BTC',
    '--amount',
    amount,
  ]);
}

/** A withdrawal through the HTTP API; answers its public id. */
export async function withdraw(client: TestClient, address: string, amount: string): Promise<string> {
  const response = await client.post('/rest/v2/wallet/withdraw', {
    crypto_currency_code: 'BTC',
    amount,
    address,
  });
  if (response.statusCode !== 201) throw new Error(`withdraw failed: ${response.body}`);
  return (response.json().data as { id: string }).id;
}

export { MemoryBitcoinNode };
