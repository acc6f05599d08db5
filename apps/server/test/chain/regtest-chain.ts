import { createHash } from 'node:crypto';
import * as btc from '@scure/btc-signer';
import { hash160 } from '@scure/btc-signer/utils.js';
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { signerNetwork, type BitcoinNetwork } from '../../src/modules/wallet/chain/bitcoin/networks.js';
import { displayHash } from '../../src/modules/wallet/chain/bitcoin/raw-block.js';
import { scriptOfAddress } from '../../src/modules/wallet/chain/bitcoin/script-address.js';

/**
 * A regtest chain built in the test (issue 27): real transactions signed with real keys, real blocks
 * (coinbase with the BIP-34 height and the BIP-141 witness commitment, merkle root, proof of work at
 * regtest's target), a mempool that checks what it is given (inputs exist, are unspent, coinbases are
 * mature, P2WPKH and P2TR key-path signatures verify, fees are not negative; BIP-125 replacement), and
 * reorganisations. `esplora-server.ts` serves it over the Esplora HTTP API.
 *
 * Blocks start from the network's real genesis block (Bitcoin's and Litecoin's regtest genesis, byte for
 * byte), so a client checking the genesis hash recognises regtest.
 */

const sha256d = (...parts: Uint8Array[]) => {
  const inner = createHash('sha256');
  for (const part of parts) inner.update(part);
  return new Uint8Array(createHash('sha256').update(inner.digest()).digest());
};
const fromHex = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const le32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n >>> 0, true);
  return b;
};

export type ChainTx = {
  txid: string;
  raw: Uint8Array;
  inputs: { txid: string; vout: number }[];
  outputs: { value: bigint; script: Uint8Array }[];
  coinbase: boolean;
  fee: bigint;
  vsize: number;
};

export type ChainBlock = {
  hash: string;
  height: number;
  prevHash: string;
  time: number;
  raw: Uint8Array;
  txs: ChainTx[];
};

type Coin = {
  txid: string;
  vout: number;
  value: bigint;
  script: Uint8Array;
  /** Block height; null in the mempool. */
  height: number | null;
  coinbase: boolean;
};

export class RejectedTransaction extends Error {}

const GENESIS: Record<
  string,
  { message: string; pubkey: string; time: number; nonce: number; hash: string }
> = {
  BTC: {
    message: 'The Times 03/Jan/2009 Chancellor on brink of second bailout for banks',
    pubkey:
      '04678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5f',
    time: 1296688602,
    nonce: 2,
    hash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
  },
  LTC: {
    message: 'NY Times 05/Oct/2011 Steve Jobs, Apple\u2019s Visionary, Dies at 56',
    pubkey:
      '040184710fa689ad5023690c80f3a49c8f13f8d45b8c857fbcbc8bc4a8e4d3eb4b10f4d4604fa08dce601aaf0f470216fe1b51850b4acf21b179c45070ac7b03a9',
    time: 1296688602,
    nonce: 0,
    hash: '530827f38f93b43ed12af0b3ad25a288dc02ed74d6d7857862df51fc56c416f9',
  },
};

const REGTEST_BITS = 0x207fffff;
const COINBASE_MATURITY = 100;

function pushData(data: Uint8Array): Uint8Array {
  if (data.length < 0x4c) return Uint8Array.from([data.length, ...data]);
  return Uint8Array.from([0x4c, data.length, ...data]);
}

/** BIP-34: the height as a minimal script number push. */
function heightPush(height: number): Uint8Array {
  if (height === 0) return Uint8Array.of(0x00);
  if (height <= 16) return Uint8Array.of(0x50 + height);
  const bytes: number[] = [];
  let n = height;
  while (n > 0) {
    bytes.push(n & 0xff);
    n >>= 8;
  }
  if (bytes[bytes.length - 1]! & 0x80) bytes.push(0);
  return pushData(Uint8Array.from(bytes));
}

function merkleRoot(hashes: Uint8Array[]): Uint8Array {
  let level = hashes;
  if (level.length === 0) throw new Error('no transactions');
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha256d(level[i]!, level[i + 1] ?? level[i]!));
    level = next;
  }
  return level[0]!;
}

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n);
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8);
  return Uint8Array.of(0xfe, ...le32(n));
}

/** A P2WPKH key pair of the test chain (the miner, a user's wallet, the hot wallet in a test). */
export type TestKey = { privateKey: Uint8Array; publicKey: Uint8Array; address: string; script: Uint8Array };

export function testKey(network: BitcoinNetwork, seed: string): TestKey {
  const privateKey = new Uint8Array(createHash('sha256').update(`test key ${seed}`).digest());
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  const payment = btc.p2wpkh(publicKey, signerNetwork(network));
  return { privateKey, publicKey, address: payment.address!, script: payment.script };
}

export class RegtestChain {
  /** The best chain, block 0 first. */
  readonly blocks: ChainBlock[] = [];
  /** Every block ever made, stale ones included (Esplora serves them by hash). */
  readonly known = new Map<string, ChainBlock>();
  readonly mempool = new Map<string, ChainTx>();
  /** The key the coinbases pay, and `fund` spends from. */
  readonly miner: TestKey;
  private utxos = new Map<string, Coin>();
  private clock: number;
  private extraNonce = 0;

  constructor(readonly network: BitcoinNetwork) {
    if (network.name !== 'regtest') throw new Error('the test chain is regtest');
    this.miner = testKey(network, `${network.coin} miner`);
    const genesis = this.genesisBlock();
    this.blocks.push(genesis);
    this.known.set(genesis.hash, genesis);
    this.clock = genesis.time;
  }

  get height(): number {
    return this.blocks.length - 1;
  }

  get tip(): ChainBlock {
    return this.blocks[this.blocks.length - 1]!;
  }

  private genesisBlock(): ChainBlock {
    const params = GENESIS[this.network.coin]!;
    const scriptSig = Uint8Array.from([
      ...fromHex('04ffff001d010445'.slice(0, 14)),
      ...pushData(new TextEncoder().encode(params.message)),
    ]);
    const coinbaseRaw = btc.RawTx.encode({
      version: 1,
      segwitFlag: false,
      inputs: [
        { txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: scriptSig, sequence: 0xffffffff },
      ],
      outputs: [
        { amount: 5_000_000_000n, script: Uint8Array.from([...pushData(fromHex(params.pubkey)), 0xac]) },
      ],
      witnesses: undefined,
      lockTime: 0,
    });
    const txHash = sha256d(coinbaseRaw);
    const header = Uint8Array.from([
      ...le32(1),
      ...new Uint8Array(32),
      ...txHash,
      ...le32(params.time),
      ...le32(0x207fffff),
      ...le32(params.nonce),
    ]);
    const hash = displayHash(sha256d(header));
    if (hash !== params.hash) throw new Error(`genesis mismatch: ${hash}`);
    const tx: ChainTx = {
      txid: displayHash(txHash),
      raw: coinbaseRaw,
      inputs: [],
      outputs: [{ value: 5_000_000_000n, script: new Uint8Array() }],
      coinbase: true,
      fee: 0n,
      vsize: coinbaseRaw.length,
    };
    // The genesis output is unspendable (not in the UTXO set), as in Bitcoin Core.
    return {
      hash,
      height: 0,
      prevHash: '0'.repeat(64),
      time: params.time,
      raw: Uint8Array.from([...header, 1, ...coinbaseRaw]),
      txs: [tx],
    };
  }

  // --- reading ------------------------------------------------------------------------------------------

  /** A transaction by txid, where it is: a block of the best chain or the mempool. */
  findTx(txid: string): { tx: ChainTx; block: ChainBlock | null } | undefined {
    const pending = this.mempool.get(txid);
    if (pending) return { tx: pending, block: null };
    for (const block of this.blocks) {
      const tx = block.txs.find((t) => t.txid === txid);
      if (tx) return { tx, block };
    }
    return undefined;
  }

  /** Unspent outputs paying a script (best chain and mempool, minus what the mempool spends). */
  unspentOf(script: Uint8Array): Coin[] {
    const hex = toHex(script);
    return [...this.utxos.values()].filter((c) => toHex(c.script) === hex);
  }

  // --- transactions -------------------------------------------------------------------------------------

  private static decode(raw: Uint8Array): ChainTx {
    const tx = btc.Transaction.fromRaw(raw, {
      allowUnknownOutputs: true,
      allowUnknownInputs: true,
      disableScriptCheck: true,
    });
    const inputs = Array.from({ length: tx.inputsLength }, (_, i) => {
      const input = tx.getInput(i);
      return { txid: toHex(input.txid!), vout: input.index! };
    });
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => {
      const output = tx.getOutput(i);
      return { value: output.amount!, script: output.script! };
    });
    return { txid: tx.id, raw, inputs, outputs, coinbase: false, fee: 0n, vsize: tx.vsize };
  }

  /**
   * Checks a transaction as a node's mempool would (the parts a wallet can get wrong) and adds it;
   * returns the txid. Throws `RejectedTransaction` with Bitcoin Core's reason words.
   */
  submit(rawHex: string, options: { verifySignatures?: boolean } = {}): string {
    let raw: Uint8Array;
    let tx: ChainTx;
    let signer: btc.Transaction;
    try {
      raw = fromHex(rawHex);
      tx = RegtestChain.decode(raw);
      signer = btc.Transaction.fromRaw(raw, {
        allowUnknownOutputs: true,
        allowUnknownInputs: true,
        disableScriptCheck: true,
      });
    } catch (error) {
      throw new RejectedTransaction(`TX decode failed: ${(error as Error).message}`);
    }
    if (this.findTx(tx.txid)) throw new RejectedTransaction('txn-already-known');
    if (tx.inputs.length === 0 || tx.outputs.length === 0) {
      throw new RejectedTransaction('bad-txns-vin-empty');
    }
    const conflicts = new Set<string>();
    const spent: Coin[] = [];
    for (const input of tx.inputs) {
      const key = `${input.txid}:${input.vout}`;
      const coin = this.utxos.get(key);
      if (coin) {
        spent.push(coin);
        continue;
      }
      // Spent by a mempool transaction: a replacement candidate (BIP-125).
      const spender = [...this.mempool.values()].find((m) =>
        m.inputs.some((i) => i.txid === input.txid && i.vout === input.vout),
      );
      const prev = spender && this.findOutput(input.txid, input.vout);
      if (!spender || !prev) throw new RejectedTransaction('bad-txns-inputs-missingorspent');
      conflicts.add(spender.txid);
      spent.push(prev);
    }
    for (const coin of spent) {
      if (coin.coinbase && (coin.height === null || this.height + 1 - coin.height < COINBASE_MATURITY)) {
        throw new RejectedTransaction('bad-txns-premature-spend-of-coinbase');
      }
    }
    const inValue = spent.reduce((s, c) => s + c.value, 0n);
    const outValue = tx.outputs.reduce((s, o) => s + o.value, 0n);
    if (outValue > inValue) throw new RejectedTransaction('bad-txns-in-belowout');
    tx.fee = inValue - outValue;
    if (tx.fee < BigInt(tx.vsize)) throw new RejectedTransaction('min relay fee not met');
    if (options.verifySignatures !== false) this.verifySignatures(signer, spent);
    if (conflicts.size > 0) {
      for (const txid of conflicts) {
        const old = this.mempool.get(txid)!;
        const signals = btc.Transaction.fromRaw(old.raw, {
          allowUnknownOutputs: true,
          allowUnknownInputs: true,
          disableScriptCheck: true,
        });
        const replaceable = Array.from(
          { length: signals.inputsLength },
          (_, i) => signals.getInput(i).sequence!,
        ).some((s) => s < 0xfffffffe);
        if (!replaceable) throw new RejectedTransaction('txn-mempool-conflict');
        if (tx.fee <= old.fee) throw new RejectedTransaction('insufficient fee: rejecting replacement');
      }
      for (const txid of conflicts) this.dropFromMempool(txid);
      this.rebuildUtxos();
      // After the drop the inputs are unspent again; spend them below.
    }
    this.mempool.set(tx.txid, tx);
    this.applyTx(tx, null);
    return tx.txid;
  }

  private findOutput(txid: string, vout: number): Coin | undefined {
    const found = this.findTx(txid);
    const output = found?.tx.outputs[vout];
    if (!found || !output) return undefined;
    return {
      txid,
      vout,
      value: output.value,
      script: output.script,
      height: found.block?.height ?? null,
      coinbase: found.tx.coinbase,
    };
  }

  /** Each input's signature against the output it spends (P2WPKH, and P2TR key path). */
  private verifySignatures(tx: btc.Transaction, spent: Coin[]) {
    const scripts = spent.map((c) => c.script);
    const amounts = spent.map((c) => c.value);
    spent.forEach((coin, idx) => {
      const witness = tx.getInput(idx).finalScriptWitness ?? [];
      const script = coin.script;
      if (script.length === 22 && script[0] === 0x00 && script[1] === 0x14) {
        const [sigWithType, pubkey] = witness;
        if (witness.length !== 2 || !sigWithType || !pubkey) {
          throw new RejectedTransaction('bad-witness-nonstandard');
        }
        if (toHex(hash160(pubkey)) !== toHex(script.subarray(2))) {
          throw new RejectedTransaction(
            'mandatory-script-verify-flag-failed (Witness program hash mismatch)',
          );
        }
        const hashType = sigWithType[sigWithType.length - 1]!;
        const scriptCode = btc.p2pkh(pubkey).script;
        const sighash = tx.preimageWitnessV0(idx, scriptCode, hashType, coin.value);
        const ok = secp256k1.verify(sigWithType.subarray(0, -1), sighash, pubkey, {
          prehash: false,
          format: 'der',
          lowS: true,
        });
        if (!ok) {
          throw new RejectedTransaction(
            'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)',
          );
        }
        return;
      }
      if (script.length === 34 && script[0] === 0x51 && script[1] === 0x20) {
        const [sig] = witness;
        if (witness.length !== 1 || !sig || (sig.length !== 64 && sig.length !== 65)) {
          throw new RejectedTransaction('bad-witness-nonstandard (only key-path spends)');
        }
        const hashType = sig.length === 65 ? sig[64]! : 0;
        const message = tx.preimageWitnessV1(idx, scripts, hashType, amounts);
        if (!schnorr.verify(sig.subarray(0, 64), message, script.subarray(2))) {
          throw new RejectedTransaction('mandatory-script-verify-flag-failed (Invalid Schnorr signature)');
        }
        return;
      }
      throw new RejectedTransaction('the test chain verifies only P2WPKH and P2TR key-path inputs');
    });
  }

  private dropFromMempool(txid: string) {
    this.mempool.delete(txid);
    // Descendants go with it.
    for (const other of [...this.mempool.values()]) {
      if (other.inputs.some((i) => i.txid === txid)) this.dropFromMempool(other.txid);
    }
  }

  private applyTx(tx: ChainTx, height: number | null) {
    for (const input of tx.inputs) this.utxos.delete(`${input.txid}:${input.vout}`);
    tx.outputs.forEach((output, vout) => {
      if (output.script.length > 0 && output.script[0] !== 0x6a) {
        this.utxos.set(`${tx.txid}:${vout}`, {
          txid: tx.txid,
          vout,
          value: output.value,
          script: output.script,
          height,
          coinbase: tx.coinbase,
        });
      }
    });
  }

  private rebuildUtxos() {
    this.utxos = new Map();
    for (const block of this.blocks.slice(1)) for (const tx of block.txs) this.applyTx(tx, block.height);
    for (const tx of this.mempool.values()) this.applyTx(tx, null);
  }

  // --- paying -------------------------------------------------------------------------------------------

  /**
   * A transaction from `key`'s unspent outputs paying `outputs` (change back to the key), signed and
   * put in the mempool; returns its txid. `rbf` sets a replaceable sequence.
   */
  pay(
    key: TestKey,
    outputs: { address: string; amount: bigint }[],
    options: { feeRate?: number; rbf?: boolean } = {},
  ): string {
    return this.submit(this.buildPayment(key, outputs, options));
  }

  /** `pay` without submitting: the signed transaction's hex. */
  buildPayment(
    key: TestKey,
    outputs: { address: string; amount: bigint }[],
    options: { feeRate?: number; rbf?: boolean } = {},
  ): string {
    const net = signerNetwork(this.network);
    const need = outputs.reduce((s, o) => s + o.amount, 0n);
    const coins = this.unspentOf(key.script)
      .filter((c) => !c.coinbase || (c.height !== null && this.height + 1 - c.height >= COINBASE_MATURITY))
      .sort((a, b) => (a.value < b.value ? 1 : -1));
    const tx = new btc.Transaction({ allowUnknownOutputs: true });
    let total = 0n;
    const feeRate = BigInt(Math.ceil(options.feeRate ?? 2));
    const estimate = (inputs: number) => feeRate * BigInt(20 + inputs * 69 + (outputs.length + 1) * 32);
    for (const coin of coins) {
      if (total >= need + estimate(tx.inputsLength)) break;
      tx.addInput({
        txid: coin.txid,
        index: coin.vout,
        witnessUtxo: { script: coin.script, amount: coin.value },
        sequence: options.rbf ? 0xfffffffd : 0xffffffff,
      });
      total += coin.value;
    }
    const fee = estimate(tx.inputsLength);
    if (total < need + fee) throw new Error(`test key ${key.address} has ${total}, needs ${need + fee}`);
    for (const o of outputs) tx.addOutputAddress(o.address, o.amount, net);
    const change = total - need - fee;
    if (change >= 546n) tx.addOutputAddress(key.address, change, net);
    tx.sign(key.privateKey);
    tx.finalize();
    return tx.hex;
  }

  /**
   * Many signed transactions at once without the mempool's per-transaction checks (a benchmark block):
   * one fan-out from the miner, then `count` payments of `amount` each to `addresses` in turn.
   */
  buildManyPayments(count: number, addresses: string[], amount = 10_000n): string[] {
    const net = signerNetwork(this.network);
    const fanout = this.buildPayment(
      this.miner,
      Array.from({ length: count }, () => ({ address: this.miner.address, amount: amount + 1_000n })),
      { feeRate: 1 },
    );
    const fanoutTx = RegtestChain.decode(fromHex(fanout));
    this.submit(fanout, { verifySignatures: false });
    const out: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const tx = new btc.Transaction();
      tx.addInput({
        txid: fanoutTx.txid,
        index: i,
        witnessUtxo: { script: this.miner.script, amount: amount + 1_000n },
      });
      tx.addOutputAddress(addresses[i % addresses.length]!, amount, net);
      tx.sign(this.miner.privateKey);
      tx.finalize();
      out.push(tx.hex);
    }
    return out;
  }

  // --- blocks -------------------------------------------------------------------------------------------

  /**
   * Mines `count` blocks on the tip: the first takes the whole mempool (parents before children), the
   * coinbase pays `to` (the miner by default). Returns the new blocks' hashes.
   */
  mine(count = 1, options: { to?: string; include?: 'mempool' | 'none' } = {}): string[] {
    const hashes: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const txs = i === 0 && options.include !== 'none' ? [...this.mempool.values()] : [];
      hashes.push(this.addBlock(txs, options.to ?? this.miner.address).hash);
      for (const tx of txs) this.mempool.delete(tx.txid);
    }
    this.rebuildUtxos();
    return hashes;
  }

  private addBlock(txs: ChainTx[], coinbaseTo: string): ChainBlock {
    const height = this.height + 1;
    const fees = txs.reduce((s, t) => s + t.fee, 0n);
    const subsidy = 5_000_000_000n >> BigInt(Math.floor(height / 150));
    const segwit = txs.some((t) => t.raw[4] === 0 && t.raw[5] === 1);
    const outputs = [{ amount: subsidy + fees, script: scriptOfAddress(coinbaseTo, this.network)! }];
    if (segwit) {
      // BIP-141: the witness commitment over the wtxids (the coinbase's counted as zero).
      const wtxids = [new Uint8Array(32), ...txs.map((t) => sha256d(t.raw))];
      const commitment = sha256d(merkleRoot(wtxids), new Uint8Array(32));
      outputs.push({
        amount: 0n,
        script: Uint8Array.from([0x6a, 0x24, 0xaa, 0x21, 0xa9, 0xed, ...commitment]),
      });
    }
    this.extraNonce += 1;
    const coinbaseRaw = btc.RawTx.encode({
      version: 2,
      segwitFlag: segwit,
      inputs: [
        {
          txid: new Uint8Array(32),
          index: 0xffffffff,
          finalScriptSig: Uint8Array.from([...heightPush(height), ...pushData(le32(this.extraNonce))]),
          sequence: 0xffffffff,
        },
      ],
      outputs,
      witnesses: segwit ? [[new Uint8Array(32)]] : undefined,
      lockTime: 0,
    });
    const coinbase = RegtestChain.decode(coinbaseRaw);
    coinbase.coinbase = true;
    coinbase.inputs = [];
    const all = [coinbase, ...txs];
    const root = merkleRoot(all.map((t) => fromHex(t.txid).reverse()));
    this.clock += 600;
    const prev = fromHex(this.tip.hash).reverse();
    let nonce = 0;
    let header: Uint8Array;
    let hash: Uint8Array;
    // Proof of work at regtest's target (0x207fffff: about one try in two).
    for (;;) {
      header = Uint8Array.from([
        ...le32(0x20000000),
        ...prev,
        ...root,
        ...le32(this.clock),
        ...le32(REGTEST_BITS),
        ...le32(nonce),
      ]);
      hash = sha256d(header);
      if (hash[31]! < 0x7f) break; // below the target 0x7fffff << 8 * (0x20 - 3)
      nonce += 1;
    }
    const parts = [header, varint(all.length), ...all.map((t) => t.raw)];
    const raw = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
    let offset = 0;
    for (const part of parts) {
      raw.set(part, offset);
      offset += part.length;
    }
    const block: ChainBlock = {
      hash: displayHash(hash),
      height,
      prevHash: this.tip.hash,
      time: this.clock,
      raw,
      txs: all,
    };
    this.blocks.push(block);
    this.known.set(block.hash, block);
    for (const tx of all) this.applyTx(tx, height);
    return block;
  }

  /**
   * A reorganisation: drops the last `depth` blocks and mines `replacement` new ones (default depth + 1,
   * so the new chain is longer). The dropped blocks' transactions are forgotten unless
   * `returnToMempool` (then the first new block takes them again, as a node's mempool would).
   */
  reorg(depth: number, options: { replacement?: number; returnToMempool?: boolean } = {}): string[] {
    if (depth < 1 || depth >= this.blocks.length) throw new Error(`cannot drop ${depth} blocks`);
    const dropped = this.blocks.splice(this.blocks.length - depth, depth);
    if (!options.returnToMempool) this.mempool.clear();
    else for (const block of dropped) for (const tx of block.txs.slice(1)) this.mempool.set(tx.txid, tx);
    this.rebuildUtxos();
    return this.mine(options.replacement ?? depth + 1, {
      include: options.returnToMempool ? 'mempool' : 'none',
    });
  }
}
