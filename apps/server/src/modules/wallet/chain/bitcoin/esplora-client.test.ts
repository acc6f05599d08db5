import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as btc from '@scure/btc-signer';
import { RegtestChain, testKey } from '../../../../../test/chain/regtest-chain.js';
import { startEsploraServer, type EsploraServer } from '../../../../../test/chain/esplora-server.js';
import { EsploraClient, EsploraError } from './esplora-client.js';
import { bitcoinNetwork, signerNetwork } from './networks.js';

const REGTEST = bitcoinNetwork('BTC', 'regtest');
const watching = (addresses: string[]) => {
  const set = new Set(addresses);
  return { has: (a: string) => set.has(a), size: set.size };
};

describe('the Esplora client against a regtest chain served over HTTP', () => {
  let chain: RegtestChain;
  let server: EsploraServer;
  let client: EsploraClient;
  const alice = testKey(REGTEST, 'alice deposit');
  const bob = testKey(REGTEST, 'bob deposit');
  const stranger = testKey(REGTEST, 'stranger');

  beforeEach(async () => {
    chain = new RegtestChain(REGTEST);
    chain.mine(101); // the first coinbase matures
    server = await startEsploraServer(chain);
    client = new EsploraClient({ url: server.url, network: REGTEST, backoffMs: 1, timeoutMs: 2_000 });
  });
  afterEach(() => server.close());

  it("should serve the real regtest genesis block (Bitcoin's and Litecoin's)", async () => {
    expect(await client.genesisHash()).toBe(REGTEST.genesis[0]);
    expect(new RegtestChain(bitcoinNetwork('LTC', 'regtest')).blocks[0]!.hash).toBe(
      bitcoinNetwork('LTC', 'regtest').genesis[0],
    );
  });

  it('should read the tip and the best chain by height, null above it', async () => {
    expect(await client.tip()).toEqual({ height: 101, hash: chain.tip.hash });
    expect(await client.blockHashAt(50)).toBe(chain.blocks[50]!.hash);
    expect(await client.blockHashAt(102)).toBeNull();
  });

  it('should find every payment to a watched address in a block with one request, two in one transaction', async () => {
    const both = chain.pay(chain.miner, [
      { address: alice.address, amount: 150_000n },
      { address: stranger.address, amount: 70_000n },
      { address: bob.address, amount: 250_000n },
    ]);
    const single = chain.pay(chain.miner, [{ address: alice.address, amount: 1_000n }]);
    const [hash] = chain.mine(1);
    server.requests.length = 0;
    const transfers = await client.transfersInBlock(
      { height: 102, hash: hash! },
      watching([alice.address, bob.address]),
    );
    expect(server.requests).toEqual([`GET /block/${hash}/raw`]);
    expect(transfers).toEqual(
      expect.arrayContaining([
        { coin: 'BTC', txid: both, outputIndex: 0, address: alice.address, amount: 150_000n },
        { coin: 'BTC', txid: both, outputIndex: 2, address: bob.address, amount: 250_000n },
        { coin: 'BTC', txid: single, outputIndex: 0, address: alice.address, amount: 1_000n },
      ]),
    );
    expect(transfers).toHaveLength(3);
    // The txids are the ones the node reports for them (real serialisation and hashing).
    expect((await client.txStatus(both)).state).toBe('confirmed');
  });

  it('should show mempool payments as pending, a bounded number of new transactions per pass', async () => {
    const capped = new EsploraClient({ url: server.url, network: REGTEST, mempoolFetchCap: 1, backoffMs: 1 });
    const first = chain.pay(chain.miner, [{ address: alice.address, amount: 5_000n }]);
    chain.mine(1);
    const a = chain.pay(chain.miner, [{ address: alice.address, amount: 10_000n }]);
    const b = chain.pay(chain.miner, [{ address: bob.address, amount: 20_000n }]);
    const watched = watching([alice.address, bob.address]);
    const pass1 = await capped.mempoolTransfers(watched);
    expect(pass1).toHaveLength(1);
    const pass2 = await capped.mempoolTransfers(watched);
    expect(pass2.map((t) => t.txid).sort()).toEqual([a, b].sort());
    expect(pass2.map((t) => t.txid)).not.toContain(first);
    // A third pass fetches nothing again: only the diff is read.
    server.requests.length = 0;
    await capped.mempoolTransfers(watched);
    expect(server.requests).toEqual(['GET /mempool/txids']);
    chain.mine(1);
    expect(await capped.mempoolTransfers(watched)).toEqual([]);
  });

  it('should see a reorganisation through blockHashAt, the payment gone from the new chain', async () => {
    const txid = chain.pay(chain.miner, [{ address: alice.address, amount: 40_000n }]);
    const [old] = chain.mine(1);
    expect(await client.blockHashAt(102)).toBe(old);
    expect(
      await client.transfersInBlock({ height: 102, hash: old! }, watching([alice.address])),
    ).toHaveLength(1);
    const replaced = chain.reorg(1);
    expect(await client.blockHashAt(102)).toBe(replaced[0]);
    expect(replaced[0]).not.toBe(old);
    expect((await client.tip()).height).toBe(103);
    expect(
      await client.transfersInBlock({ height: 102, hash: replaced[0]! }, watching([alice.address])),
    ).toEqual([]);
    expect(await client.txStatus(txid)).toEqual({ state: 'unknown' });
  });

  it('should list unspent outputs with confirmations, estimate fees and follow a transaction', async () => {
    const txid = chain.pay(chain.miner, [{ address: alice.address, amount: 60_000n }]);
    expect(await client.utxos(alice.address)).toEqual([{ txid, vout: 0, value: 60_000n, confirmations: 0 }]);
    expect(await client.txStatus(txid)).toEqual({ state: 'mempool' });
    const [hash] = chain.mine(2);
    expect(await client.utxos(alice.address)).toEqual([{ txid, vout: 0, value: 60_000n, confirmations: 2 }]);
    expect(await client.txStatus(txid)).toEqual({
      state: 'confirmed',
      blockHeight: 102,
      blockHash: hash,
      confirmations: 2,
    });
    expect(await client.feeRate(1)).toBe(25.5);
    expect(await client.feeRate(4)).toBe(15.3);
    expect(await client.feeRate(1000)).toBe(1.01);
    server.feeEstimates = {};
    expect(await client.feeRate(6)).toBe(1);
  });

  it('should broadcast a signed transaction, and report the node refusing a bad signature or a double spend', async () => {
    chain.pay(chain.miner, [{ address: alice.address, amount: 100_000n }]);
    chain.mine(1);
    const [coin] = await client.utxos(alice.address);
    const spend = (to: string) => {
      const tx = new btc.Transaction();
      tx.addInput({
        txid: coin!.txid,
        index: coin!.vout,
        witnessUtxo: { script: alice.script, amount: coin!.value },
      });
      tx.addOutputAddress(to, 90_000n, signerNetwork(REGTEST));
      tx.sign(alice.privateKey);
      tx.finalize();
      return tx;
    };
    // A signed transaction whose amount was changed afterwards (90,000 -> 90,001 sat): the signature fails.
    const forged = spend(stranger.address).hex.replace('905f010000000000', '915f010000000000');
    expect(await client.broadcast(forged)).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/mandatory-script-verify-flag-failed/),
    });
    const good = spend(bob.address);
    expect(await client.broadcast(good.hex)).toEqual({ accepted: true, txid: good.id });
    // The same one again (a retry): the node has it.
    expect(await client.broadcast(good.hex)).toEqual({ accepted: true, txid: good.id });
    const double = spend(stranger.address);
    expect(await client.broadcast(double.hex)).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/conflict/),
    });
    expect(await client.broadcast('00zz')).toEqual({ accepted: false, reason: 'not a hex transaction' });
  });

  it('should retry transient failures and then give up with a clear error', async () => {
    server.failNext(2);
    expect((await client.tip()).height).toBe(101);
    server.failNext(10);
    await expect(client.blockHashAt(1)).rejects.toThrow(/answered 503 to block-height\/1/);
    server.failNext(0);
    const slow = new EsploraClient({
      url: server.url,
      network: REGTEST,
      timeoutMs: 50,
      retries: 1,
      backoffMs: 1,
    });
    server.delayMs = 300;
    await expect(slow.tip()).rejects.toThrow(/did not answer blocks\/tip\/height: timed out/);
    server.delayMs = 0;
    const dead = new EsploraClient({ url: 'http://127.0.0.1:1', network: REGTEST, retries: 0 });
    await expect(dead.tip()).rejects.toThrow(EsploraError);
  });

  it('should refuse to follow a redirect to another host', async () => {
    const other = await startEsploraServer(new RegtestChain(REGTEST));
    try {
      server.redirectAllTo(other.url.replace('127.0.0.1', 'localhost'));
      await expect(client.tip()).rejects.toThrow(
        /redirected blocks\/tip\/height to http:\/\/localhost.*not followed/,
      );
      expect(other.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('the same client on Litecoin regtest', () => {
  it('should find payments to rltc1 addresses, and follow a reorganisation that mines them again', async () => {
    const network = bitcoinNetwork('LTC', 'regtest');
    const chain = new RegtestChain(network);
    chain.mine(101);
    const server = await startEsploraServer(chain);
    try {
      const client = new EsploraClient({ url: server.url, network, backoffMs: 1 });
      expect(await client.genesisHash()).toBe(network.genesis[0]);
      const user = testKey(network, 'ltc user');
      expect(user.address).toMatch(/^rltc1q/);
      const txid = chain.pay(chain.miner, [{ address: user.address, amount: 123_456n }]);
      const [first] = chain.mine(1);
      const watched = watching([user.address]);
      expect(await client.transfersInBlock({ height: 102, hash: first! }, watched)).toEqual([
        { coin: 'LTC', txid, outputIndex: 0, address: user.address, amount: 123_456n },
      ]);
      // The block is replaced; its transaction returns to the mempool and is mined again in the new branch.
      const [replacement] = chain.reorg(1, { returnToMempool: true, replacement: 2 });
      expect(await client.blockHashAt(102)).toBe(replacement);
      expect(await client.transfersInBlock({ height: 102, hash: replacement! }, watched)).toEqual([
        { coin: 'LTC', txid, outputIndex: 0, address: user.address, amount: 123_456n },
      ]);
      expect(await client.txStatus(txid)).toMatchObject({
        state: 'confirmed',
        blockHash: replacement,
        confirmations: 2,
      });
    } finally {
      await server.close();
    }
  });
});
