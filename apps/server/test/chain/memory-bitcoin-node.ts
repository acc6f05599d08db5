import { createHash, randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Address, OutScript, Transaction, p2wpkh } from '@scure/btc-signer';
import type {
  BitcoinNode,
  BroadcastResult,
  TxStatus,
  Utxo,
} from '../../src/modules/wallet/chain/bitcoin-node.js';
import { verifyP2wpkhSpend } from '../../src/modules/wallet/payouts/verify.js';
import type { ChainParams } from '../../src/modules/wallet/payouts/networks.js';

type Output = { script: Uint8Array; value: bigint };
type StoredTx = {
  txid: string;
  raw: string;
  fee: bigint;
  vsize: number;
  height: number | null;
  spends: string[];
};

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const sameBytes = (a: Uint8Array, b: Uint8Array) => hex(a) === hex(b);

/**
 * A stand-in for a Bitcoin node's HTTP API (an external system) in the payouts' tests: an in-memory UTXO
 * set and mempool fed with real signed transactions. It accepts what a node would: every input unspent
 * (or spent only by a mempool transaction that signals RBF and pays less: BIP 125 replacement), every
 * P2WPKH signature valid for the spent amount (BIP 143), at least 1 sat/vB; it refuses with Bitcoin
 * Core's reasons otherwise. `mine()` confirms the mempool. Small on purpose: the Esplora server stand-in
 * (`test/chain/esplora-server.ts`) can take its place.
 */
export class MemoryBitcoinNode implements BitcoinNode {
  private readonly outputs = new Map<string, Output>();
  /** outpoint -> txid of the transaction spending it (mempool or chain). */
  private readonly spentBy = new Map<string, string>();
  private readonly txs = new Map<string, StoredTx>();
  private readonly createdBy = new Map<string, string>();
  private height = 100;
  private readonly faucetKey = secp256k1.utils.randomSecretKey();
  /** What `feeRate` answers (sat/vB). */
  rate = 5;
  /** While set, `broadcast` throws as an unreachable node would. */
  offline = false;
  /** While set, `utxos` still lists outputs spent in the mempool (a lagging index). */
  listSpentInMempool = false;
  /** Every raw transaction `broadcast` was given, accepted or not. */
  readonly received: string[] = [];

  constructor(
    readonly network: string,
    private readonly params: ChainParams,
  ) {}

  private scriptOf(address: string) {
    return OutScript.encode(Address(this.params).decode(address));
  }

  /** A real transaction from a faucet key paying `value` to `address`, mined at once unless `pending`. */
  fund(address: string, value: bigint, options: { pending?: boolean } = {}): { txid: string; vout: number } {
    const publicKey = secp256k1.getPublicKey(this.faucetKey, true);
    const faucetScript = p2wpkh(publicKey, this.params).script;
    const tx = new Transaction();
    tx.addInput({
      txid: randomBytes(32),
      index: 0,
      witnessUtxo: { script: faucetScript, amount: value + 1000n },
    });
    tx.addOutput({ script: this.scriptOf(address), amount: value });
    tx.sign(this.faucetKey);
    tx.finalize();
    const txid = tx.id;
    this.txs.set(txid, {
      txid,
      raw: tx.hex,
      fee: 1000n,
      vsize: tx.vsize,
      height: options.pending ? null : this.height + 1,
      spends: [],
    });
    if (!options.pending) this.height += 1;
    this.outputs.set(`${txid}:0`, { script: this.scriptOf(address), value });
    this.createdBy.set(`${txid}:0`, txid);
    return { txid, vout: 0 };
  }

  /** Confirms every mempool transaction in one new block. */
  mine(blocks = 1) {
    for (let i = 0; i < blocks; i += 1) {
      this.height += 1;
      for (const tx of this.txs.values()) if (tx.height === null) tx.height = this.height;
    }
  }

  /** Forgets a mempool transaction, as a restarted node would. */
  drop(txid: string) {
    const tx = this.txs.get(txid);
    if (!tx || tx.height !== null) return;
    this.removeFromMempool(tx);
  }

  /** The transaction of this txid: its outputs as the chain has them. */
  outputsOf(txid: string): Output[] {
    const result: Output[] = [];
    for (let vout = 0; this.outputs.has(`${txid}:${vout}`); vout += 1) {
      result.push(this.outputs.get(`${txid}:${vout}`)!);
    }
    return result;
  }

  prevoutsOf(raw: string): Output[] {
    const tx = Transaction.fromRaw(Buffer.from(raw, 'hex'));
    return Array.from({ length: tx.inputsLength }, (_, i) => {
      const input = tx.getInput(i);
      return this.outputs.get(`${hex(input.txid!)}:${input.index}`)!;
    });
  }

  private removeFromMempool(tx: StoredTx) {
    this.txs.delete(tx.txid);
    for (const outpoint of tx.spends) this.spentBy.delete(outpoint);
    for (let vout = 0; this.outputs.has(`${tx.txid}:${vout}`); vout += 1) {
      this.outputs.delete(`${tx.txid}:${vout}`);
      this.createdBy.delete(`${tx.txid}:${vout}`);
    }
  }

  async utxos(address: string): Promise<Utxo[]> {
    const script = this.scriptOf(address);
    const result: Utxo[] = [];
    for (const [outpoint, output] of this.outputs) {
      if (!sameBytes(output.script, script)) continue;
      const spender = this.spentBy.get(outpoint);
      if (spender && !(this.listSpentInMempool && this.txs.get(spender)?.height === null)) continue;
      const [txid, vout] = outpoint.split(':') as [string, string];
      const height = this.txs.get(this.createdBy.get(outpoint)!)?.height ?? null;
      result.push({
        txid,
        vout: Number(vout),
        value: output.value,
        confirmations: height === null ? 0 : this.height - height + 1,
      });
    }
    return result;
  }

  async feeRate(): Promise<number> {
    return this.rate;
  }

  async broadcast(rawTxHex: string): Promise<BroadcastResult> {
    if (this.offline) throw new Error('connect ECONNREFUSED');
    this.received.push(rawTxHex);
    const tx = Transaction.fromRaw(Buffer.from(rawTxHex, 'hex'));
    const txid = tx.id;
    if (this.txs.has(txid)) return { accepted: false, reason: 'txn-already-in-mempool' };
    const prevouts: Output[] = [];
    const conflicts = new Set<StoredTx>();
    const spends: string[] = [];
    for (let i = 0; i < tx.inputsLength; i += 1) {
      const input = tx.getInput(i);
      const outpoint = `${hex(input.txid!)}:${input.index}`;
      const prevout = this.outputs.get(outpoint);
      if (!prevout) return { accepted: false, reason: 'bad-txns-inputs-missingorspent' };
      const spender = this.spentBy.get(outpoint);
      if (spender) {
        const other = this.txs.get(spender)!;
        if (other.height !== null) return { accepted: false, reason: 'bad-txns-inputs-missingorspent' };
        conflicts.add(other);
      }
      prevouts.push(prevout);
      spends.push(outpoint);
    }
    const problem = verifyP2wpkhSpend(
      rawTxHex,
      prevouts.map((p) => ({ script: p.script, amount: p.value })),
    );
    if (problem) return { accepted: false, reason: `mandatory-script-verify-flag-failed (${problem})` };
    let out = 0n;
    for (let i = 0; i < tx.outputsLength; i += 1) out += tx.getOutput(i).amount!;
    const fee = prevouts.reduce((sum, p) => sum + p.value, 0n) - out;
    if (fee < BigInt(tx.vsize)) return { accepted: false, reason: 'min relay fee not met' };
    for (const other of conflicts) {
      const signals = Transaction.fromRaw(Buffer.from(other.raw, 'hex'));
      if (signals.getInput(0).sequence! >= 0xfffffffe) {
        return { accepted: false, reason: 'txn-mempool-conflict' };
      }
      if (fee < other.fee + BigInt(tx.vsize)) return { accepted: false, reason: 'insufficient fee' };
    }
    for (const other of conflicts) this.removeFromMempool(other);
    for (const outpoint of spends) this.spentBy.set(outpoint, txid);
    for (let i = 0; i < tx.outputsLength; i += 1) {
      const o = tx.getOutput(i);
      this.outputs.set(`${txid}:${i}`, { script: o.script!, value: o.amount! });
      this.createdBy.set(`${txid}:${i}`, txid);
    }
    this.txs.set(txid, { txid, raw: rawTxHex, fee, vsize: tx.vsize, height: null, spends });
    return { accepted: true, txid };
  }

  async txStatus(txid: string): Promise<TxStatus> {
    const tx = this.txs.get(txid);
    if (!tx) return { state: 'unknown' };
    if (tx.height === null) return { state: 'mempool' };
    return {
      state: 'confirmed',
      blockHeight: tx.height,
      blockHash: createHash('sha256').update(`block ${tx.height}`).digest('hex'),
      confirmations: this.height - tx.height + 1,
    };
  }

  /** A transaction the node has (mempool or chain), with the fee it pays. */
  transaction(txid: string): StoredTx | undefined {
    return this.txs.get(txid);
  }
}
