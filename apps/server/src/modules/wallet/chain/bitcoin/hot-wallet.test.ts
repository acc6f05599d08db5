import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as btc from '@scure/btc-signer';
import { base58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { RegtestChain, testKey } from '../../../../../test/chain/regtest-chain.js';
import { startEsploraServer, type EsploraServer } from '../../../../../test/chain/esplora-server.js';
import { EsploraClient } from './esplora-client.js';
import { hotWalletKey, HotWalletKeyError } from './hot-wallet.js';
import { bitcoinNetwork, signerNetwork } from './networks.js';

const REGTEST = bitcoinNetwork('BTC', 'regtest');
const NET = signerNetwork(REGTEST);
const seedKey = testKey(REGTEST, 'hot');
const WIF = btc.WIF(NET).encode(seedKey.privateKey);

/**
 * The hot wallet key in the form the withdrawal batcher uses: a batch paying several users with change
 * back, signed with `key.privateKey`, accepted by the node only because its signatures verify against the
 * outputs it spends; a bump by RBF; the same with a Taproot input.
 */
describe('the hot wallet key signing a batch', () => {
  let chain: RegtestChain;
  let server: EsploraServer;
  let node: EsploraClient;
  beforeAll(async () => {
    chain = new RegtestChain(REGTEST);
    chain.mine(101);
    server = await startEsploraServer(chain);
    node = new EsploraClient({ url: server.url, network: REGTEST, backoffMs: 1 });
  });
  afterAll(() => server.close());

  it('should refuse keys that are not a compressed WIF of the network', () => {
    expect(hotWalletKey(WIF, REGTEST).address).toBe(seedKey.address);
    const uncompressed = base58check(sha256).encode(Uint8Array.from([0xef, ...seedKey.privateKey]));
    expect(() => hotWalletKey(uncompressed, REGTEST)).toThrow(/uncompressed/);
    expect(() => hotWalletKey(btc.WIF().encode(seedKey.privateKey), REGTEST)).toThrow(HotWalletKeyError);
    expect(() => hotWalletKey(`${WIF.slice(0, -1)}x`, REGTEST)).toThrow(/checksum/);
  });

  it('should pay a batch with change from its UTXOs, accepted because it verifies, and bump it by RBF', async () => {
    const key = hotWalletKey(WIF, REGTEST);
    chain.pay(chain.miner, [
      { address: key.address, amount: 500_000n },
      { address: key.address, amount: 300_000n },
    ]);
    chain.mine(1);
    const users = ['alice', 'bob', 'carol'].map((name) => testKey(REGTEST, name).address);
    const utxos = await node.utxos(key.address);
    expect(utxos.map((u) => u.value).sort()).toEqual([300_000n, 500_000n]);
    const batch = (feeRate: number) => {
      const tx = new btc.Transaction();
      for (const u of utxos) {
        tx.addInput({
          txid: u.txid,
          index: u.vout,
          witnessUtxo: { script: key.script, amount: u.value },
          sequence: 0xfffffffd, // RBF
        });
      }
      users.forEach((address, i) => tx.addOutputAddress(address, BigInt(100_000 * (i + 1)), NET));
      const fee = BigInt(Math.ceil(feeRate * 250));
      tx.addOutputAddress(key.address, 800_000n - 600_000n - fee, NET);
      tx.sign(key.privateKey);
      tx.finalize();
      return tx;
    };
    const first = batch(await node.feeRate(6));
    expect(await node.broadcast(first.hex)).toEqual({ accepted: true, txid: first.id });
    const bumped = batch(await node.feeRate(1));
    expect(bumped.id).not.toBe(first.id);
    expect(await node.broadcast(bumped.hex)).toEqual({ accepted: true, txid: bumped.id });
    expect(await node.txStatus(first.id)).toEqual({ state: 'unknown' });
    // A replacement that pays no more is refused.
    const cheaper = batch(3);
    expect(await node.broadcast(cheaper.hex)).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/replacement/),
    });
    chain.mine(1);
    expect(await node.txStatus(bumped.id)).toMatchObject({ state: 'confirmed', confirmations: 1 });
    expect((await node.utxos(users[2]!))[0]!.value).toBe(300_000n);
  });

  it('should verify a Taproot key-path spend, and refuse it once changed after signing', async () => {
    const owner = testKey(REGTEST, 'taproot owner');
    const tr = btc.p2tr(owner.publicKey.subarray(1), undefined, NET);
    chain.pay(chain.miner, [{ address: tr.address!, amount: 70_000n }]);
    chain.mine(1);
    const [coin] = await node.utxos(tr.address!);
    const spend = () => {
      const tx = new btc.Transaction();
      tx.addInput({
        txid: coin!.txid,
        index: coin!.vout,
        witnessUtxo: { script: tr.script, amount: coin!.value },
        tapInternalKey: owner.publicKey.subarray(1),
      });
      tx.addOutputAddress(owner.address, 60_000n, NET);
      tx.sign(owner.privateKey);
      tx.finalize();
      return tx;
    };
    // Signed, then its output raised from 60,000 to 60,001 sat: the Schnorr signature no longer verifies.
    const forged = { hex: spend().hex.replace('60ea000000000000', '61ea000000000000') };
    expect(await node.broadcast(forged.hex)).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/Invalid Schnorr signature/),
    });
    const good = spend();
    expect(await node.broadcast(good.hex)).toEqual({ accepted: true, txid: good.id });
  });
});
