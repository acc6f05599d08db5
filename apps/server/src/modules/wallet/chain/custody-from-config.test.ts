import { HDKey } from '@scure/bip32';
import * as btc from '@scure/btc-signer';
import { verifyMessage, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKey } from '../../../../test/chain/regtest-chain.js';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { loadConfig } from '../../../platform/config.js';
import { verifyBip322 } from './bitcoin/bip322.js';
import { bitcoinNetwork, signerNetwork } from './bitcoin/networks.js';
import { custodyViewsFromConfig } from './custody-from-config.js';

const BTC_REGTEST = bitcoinNetwork('BTC', 'regtest');
const ACCOUNT = HDKey.fromMasterSeed(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'), {
  public: 0x043587cf,
  private: 0x04358394,
}).derive("m/84'/1'/0'");
const DESCRIPTOR = `wpkh([3442193e/84'/1'/0']${ACCOUNT.publicExtendedKey}/0/*)`;
const HOT = testKey(BTC_REGTEST, 'custody views hot wallet');
// Hardhat's development key #0 (public: never holds value).
const EVM_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const EVM_HOT: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
// Nothing listens there: building the views reads nothing.
const NOWHERE = 'http://127.0.0.1:1';

/** Which CustodyViews the configuration selects, built without reading any chain (issue 27). */
describe('custodyViewsFromConfig', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const shape = (config: Parameters<typeof custodyViewsFromConfig>[0]) =>
    custodyViewsFromConfig(config, t.database.db).map((view) => [
      view.constructor.name,
      view.network,
      [...view.coins],
    ]);

  it('should give the simulated view only while every network is simulated', () => {
    expect(shape(t.config)).toEqual([
      ['SimulatedCustodyView', 'SIMULATED', ['BTC', 'LTC', 'ETH', 'USDT', 'USDC', 'XMR']],
    ]);
  });

  it('should give each real network its view beside the simulated one, and sign without a node', async () => {
    const config = loadConfig({
      CHAIN_BTC: 'esplora',
      CHAIN_LTC: 'esplora',
      CHAIN_EVM: 'rpc',
      BTC_NETWORK: 'regtest',
      LTC_NETWORK: 'regtest',
      BTC_ESPLORA_URL: NOWHERE,
      LTC_ESPLORA_URL: NOWHERE,
      BTC_DEPOSIT_DESCRIPTOR: DESCRIPTOR,
      LTC_DEPOSIT_DESCRIPTOR: DESCRIPTOR,
      BTC_HOT_WALLET_KEY: btc.WIF(signerNetwork(BTC_REGTEST)).encode(HOT.privateKey),
      EVM_RPC_URL: NOWHERE,
      EVM_CHAIN_ID: '31337',
      EVM_HOT_WALLET_KEY: EVM_KEY,
      EVM_FORWARDER_FACTORY: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      USDT_CONTRACT: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      USDC_CONTRACT: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    });
    expect(shape(config)).toEqual([
      ['BitcoinCustody', 'BTC', ['BTC']],
      ['BitcoinCustody', 'LTC', ['LTC']],
      ['EvmCustody', 'EVM', ['ETH', 'USDT', 'USDC']],
      ['SimulatedCustodyView', 'SIMULATED', ['XMR']],
    ]);
    const [bitcoin, litecoin, evm] = custodyViewsFromConfig(config, t.database.db);
    const message = 'custody views test';
    // Bitcoin: the configured hot wallet key signs (BIP-322); Litecoin has no key (watch-only): nothing.
    const [proof] = await bitcoin!.proveOwnership(message);
    expect(proof).toMatchObject({ coin: 'BTC', address: HOT.address, scheme: 'bip322' });
    expect(verifyBip322(proof!.address, message, proof!.signature, BTC_REGTEST)).toBe(true);
    expect(await litecoin!.proveOwnership(message)).toEqual([]);
    // EVM: the hot wallet's EIP-191 signature, one per coin.
    const proofs = await evm!.proveOwnership(message);
    expect(proofs.map((p) => [p.coin, p.address])).toEqual([
      ['ETH', EVM_HOT],
      ['USDT', EVM_HOT],
      ['USDC', EVM_HOT],
    ]);
    expect(await verifyMessage({ address: EVM_HOT, message, signature: proofs[0]!.signature as Hex })).toBe(
      true,
    );

    // Monero switched off: no simulated view left.
    expect(
      shape({
        ...config,
        chain: { ...config.chain, networks: { ...config.chain.networks, XMR: 'off' } },
      }).map(([name]) => name),
    ).toEqual(['BitcoinCustody', 'BitcoinCustody', 'EvmCustody']);
  });
});
