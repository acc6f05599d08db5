import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import * as btc from '@scure/btc-signer';
import { loadConfig } from '../../../../platform/config.js';
import { RegtestChain, testKey } from '../../../../../test/chain/regtest-chain.js';
import { startEsploraServer, type EsploraServer } from '../../../../../test/chain/esplora-server.js';
import { verifyBip322 } from './bip322.js';
import { BitcoinCustody } from './custody.js';
import { assertBitcoinReady, BitcoinConfigError, bitcoinFromConfig } from './from-config.js';
import { bitcoinNetwork, signerNetwork } from './networks.js';

const REGTEST = bitcoinNetwork('BTC', 'regtest');
const SEED = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
const TPUB = HDKey.fromMasterSeed(SEED, { public: 0x043587cf, private: 0x04358394 }).derive("m/84'/1'/0'");
const DESCRIPTOR = `wpkh([3442193e/84'/1'/0']${TPUB.publicExtendedKey}/0/*)`;
const HOT = testKey(REGTEST, 'hot wallet');
const HOT_WIF = btc.WIF(signerNetwork(REGTEST)).encode(HOT.privateKey);

describe('Bitcoin from the configuration, and the start-up check', () => {
  let server: EsploraServer;
  let chain: RegtestChain;
  const env = (extra: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'production',
      CHAIN_BTC: 'esplora',
      BTC_NETWORK: 'regtest',
      BTC_ESPLORA_URL: server.url,
      BTC_DEPOSIT_DESCRIPTOR: DESCRIPTOR,
      BTC_HOT_WALLET_KEY: HOT_WIF,
      ...extra,
    });

  beforeAll(async () => {
    chain = new RegtestChain(REGTEST);
    chain.mine(101);
    server = await startEsploraServer(chain);
  });
  afterAll(() => server.close());

  it('should build nothing on the simulated chain (the default)', async () => {
    const setup = await assertBitcoinReady(loadConfig({ NODE_ENV: 'production' }));
    expect(setup).toEqual({ adapter: null, coins: {}, simulatedCoins: ['BTC', 'LTC'] });
  });

  it('should start with a descriptor, a key and a node of the configured network', async () => {
    const setup = await assertBitcoinReady(env());
    expect(setup.simulatedCoins).toEqual(['LTC']);
    expect(setup.adapter!.newDepositAddress('BTC', 0)).toBe(
      btc.p2wpkh(TPUB.deriveChild(0).deriveChild(0).publicKey!, signerNetwork(REGTEST)).address,
    );
    expect(setup.coins.BTC!.hotWallet!.address).toBe(HOT.address);
    // The key does not show when the object is logged or serialised.
    expect(JSON.stringify(setup.coins.BTC!.hotWallet)).not.toContain(
      Buffer.from(HOT.privateKey).toString('hex'),
    );
    expect(Object.keys(setup.coins.BTC!.hotWallet!)).not.toContain('privateKey');
  });

  it('should read the key from BTC_HOT_WALLET_KEY_FILE', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'btc-key-')), 'hot.wif');
    fs.writeFileSync(file, `${HOT_WIF}\n`, { mode: 0o600 });
    const setup = bitcoinFromConfig(env({ BTC_HOT_WALLET_KEY: '', BTC_HOT_WALLET_KEY_FILE: file }));
    expect(setup.coins.BTC!.hotWallet!.address).toBe(HOT.address);
    expect(() => bitcoinFromConfig(env({ BTC_HOT_WALLET_KEY_FILE: file }))).toThrow(/not both/);
    expect(() =>
      bitcoinFromConfig(env({ BTC_HOT_WALLET_KEY: '', BTC_HOT_WALLET_KEY_FILE: `${file}.missing` })),
    ).toThrow(/cannot be read: ENOENT/);
  });

  it('should refuse a production start without descriptor, key and node, naming each', () => {
    const config = loadConfig({ NODE_ENV: 'production', CHAIN_BTC: 'esplora' });
    expect(() => bitcoinFromConfig(config)).toThrow(BitcoinConfigError);
    const message = (() => {
      try {
        bitcoinFromConfig(config);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/BTC_ESPLORA_URL is missing/);
    expect(message).toMatch(/BTC_DEPOSIT_DESCRIPTOR is missing/);
    expect(message).toMatch(/BTC_HOT_WALLET_KEY or BTC_HOT_WALLET_KEY_FILE is missing/);
    // Outside production a watch-only setup (no hot key) is allowed.
    expect(
      bitcoinFromConfig(env({ NODE_ENV: 'development', BTC_HOT_WALLET_KEY: '' })).coins.BTC!.hotWallet,
    ).toBeNull();
  });

  it.each([
    [
      'a private key in the descriptor',
      { BTC_DEPOSIT_DESCRIPTOR: `wpkh(${TPUB.privateExtendedKey}/0/*)` },
      /PRIVATE key/,
    ],
    [
      'a mainnet descriptor on regtest',
      {
        BTC_NETWORK: 'regtest',
        BTC_DEPOSIT_DESCRIPTOR: `wpkh(${HDKey.fromMasterSeed(SEED).publicExtendedKey}/0/*)`,
      },
      /xpub .*not a key of BTC regtest/,
    ],
    [
      'a non-ranged descriptor',
      { BTC_DEPOSIT_DESCRIPTOR: `wpkh(${TPUB.publicExtendedKey}/0/5)` },
      /not ranged/,
    ],
    [
      'a bad checksum',
      { BTC_DEPOSIT_DESCRIPTOR: `${DESCRIPTOR}#qqqqqqqq` },
      /checksum #qqqqqqqq does not match/,
    ],
    [
      'a mainnet key on regtest',
      { BTC_HOT_WALLET_KEY: btc.WIF().encode(HOT.privateKey) },
      /key of BTC mainnet, not of BTC regtest/,
    ],
    ['a key that is no WIF', { BTC_HOT_WALLET_KEY: 'correct horse battery staple' }, /not a WIF/],
    ['the Bitcoin Core RPC adapter', { CHAIN_BTC: 'rpc' }, /CHAIN_BTC=rpc .*not available/],
    [
      'half the Litecoin settings',
      { CHAIN_LTC: 'esplora', LTC_ESPLORA_URL: 'http://127.0.0.1:1' },
      /LTC_DEPOSIT_DESCRIPTOR is missing/,
    ],
  ] as [string, Record<string, string>, RegExp][])('should refuse %s', (_name, extra, reason) => {
    expect(() => bitcoinFromConfig(env(extra))).toThrow(BitcoinConfigError);
    expect(() => bitcoinFromConfig(env(extra))).toThrow(reason);
  });

  it('should refuse an unreachable node, and a node of another network', async () => {
    await expect(assertBitcoinReady(env({ BTC_ESPLORA_URL: 'http://127.0.0.1:1' }))).rejects.toThrow(
      /BTC_ESPLORA_URL cannot be used: .*did not answer block-height\/0/,
    );
    // A regtest node where testnet was configured (a tpub is a key of both).
    await expect(
      assertBitcoinReady(env({ BTC_NETWORK: 'testnet', BTC_HOT_WALLET_KEY: HOT_WIF })),
    ).rejects.toThrow(/block 0 is 0f9188f1.*not Bitcoin testnet \(BTC_NETWORK=testnet\)/);
  }, 30_000);

  it('should show hot, deposit and cold holdings from the chain, and prove the hot wallet with BIP-322', async () => {
    const setup = bitcoinFromConfig(env());
    const btcSetup = setup.coins.BTC!;
    const given = [0, 1].map((i) => setup.adapter!.newDepositAddress('BTC', i));
    const cold = setup.adapter!.newDepositAddress('BTC', 5); // an index no user was given
    chain.pay(chain.miner, [
      { address: HOT.address, amount: 3_000_000n },
      { address: given[1]!, amount: 40_000n },
      { address: cold, amount: 900_000n },
    ]);
    chain.mine(1);
    const custody = new BitcoinCustody({
      network: REGTEST,
      node: btcSetup.client,
      hotWallet: btcSetup.hotWallet,
      deposits: btcSetup.deposits,
      depositAddresses: async () => given,
    });
    expect(await custody.holdings()).toEqual([
      { coin: 'BTC', place: 'hot', address: HOT.address, amount: 3_000_000n },
      { coin: 'BTC', place: 'deposit', address: given[1], amount: 40_000n },
      { coin: 'BTC', place: 'cold', address: cold, amount: 900_000n },
    ]);
    const [proof] = await custody.proveOwnership('Proof of reserves 2026-11-27');
    expect(proof).toMatchObject({ coin: 'BTC', address: HOT.address, scheme: 'bip322' });
    expect(verifyBip322(HOT.address, 'Proof of reserves 2026-11-27', proof!.signature, REGTEST)).toBe(true);
    expect(verifyBip322(HOT.address, 'Proof of reserves 2026-11-28', proof!.signature, REGTEST)).toBe(false);
  });
});
