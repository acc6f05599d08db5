import { Address, OutScript, Transaction, p2wpkh } from '@scure/btc-signer';
import type { ChainParams } from './networks.js';

/**
 * The hot wallet's signing key (P2WPKH): loaded from the environment or a file by the chain
 * configuration, never from the database (issue 27).
 */
export type HotWalletKey = { privateKey: Uint8Array; publicKey: Uint8Array; address: string };

/** An output of the hot wallet that a payout may spend. */
export type SpendableOutput = { txid: string; vout: number; value: bigint };

/** One withdrawal's payment: one output each. */
export type Payment = { address: string; amount: bigint };

/** nSequence below 0xfffffffe signals replace-by-fee (BIP 125) on every input. */
export const RBF_SEQUENCE = 0xfffffffd;
/**
 * Change below this is given to the miners instead of making an output nobody would spend: 546 satoshis
 * is the dust threshold of the largest standard output (P2PKH), so it is safe for every output type.
 */
export const DUST_LIMIT = 546n;
/** The relay floor: no payout pays less than 1 sat/vB, and a replacement adds at least this per vB. */
export const MIN_FEE_RATE = 1;
/**
 * A P2WPKH input's weight at its largest: 41 bytes outside the witness (outpoint, empty scriptSig,
 * sequence) times 4, plus the witness (item count, a 72-byte low-S signature with its sighash byte, a
 * 33-byte key). Estimating with the largest signature makes the real fee rate never below the target.
 */
const P2WPKH_INPUT_WEIGHT = 41 * 4 + (1 + 1 + 72 + 1 + 33);

const varintLength = (n: number) => (n < 0xfd ? 1 : n <= 0xffff ? 3 : 5);

/** The virtual size a transaction with these inputs (all P2WPKH) and output scripts has at most. */
export function estimateVsize(inputs: number, outputScripts: readonly Uint8Array[]): number {
  let weight = (4 + 4 + varintLength(inputs) + varintLength(outputScripts.length)) * 4 + 2;
  weight += inputs * P2WPKH_INPUT_WEIGHT;
  for (const script of outputScripts) weight += (8 + varintLength(script.length) + script.length) * 4;
  return Math.ceil(weight / 4);
}

/** Fee rate in millisatoshis per vB, so fee arithmetic stays in integers. */
export const feeRateMilli = (satPerVbyte: number): bigint =>
  BigInt(Math.ceil(Math.max(Number.isFinite(satPerVbyte) ? satPerVbyte : 0, MIN_FEE_RATE) * 1000));
export const feeFor = (vsize: number, rateMilli: bigint): bigint =>
  (BigInt(vsize) * rateMilli + 999n) / 1000n;

/** The output script of an address on the network, or null when it is no address of it. */
export function scriptOf(address: string, params: ChainParams): Uint8Array | null {
  try {
    return OutScript.encode(Address(params).decode(address));
  } catch {
    return null;
  }
}

/** The hot wallet's own output script, checked against its public key: a mismatch is a setup error. */
export function hotWalletScript(key: HotWalletKey, params: ChainParams): Uint8Array {
  const script = p2wpkh(key.publicKey, params).script;
  const fromAddress = scriptOf(key.address, params);
  if (!fromAddress || !equalBytes(script, fromAddress)) {
    throw new Error(`the hot wallet's address ${key.address} is not the P2WPKH address of its key`);
  }
  return script;
}

export type SignedPayout = {
  txid: string;
  /** The signed transaction, hex (with witnesses). */
  rawTx: string;
  fee: bigint;
  /** The virtual size the fee was computed for (the real one is at most this). */
  vsize: number;
  inputs: SpendableOutput[];
  /** Back to the hot wallet; 0 when it would have been dust and went to the fee. */
  change: bigint;
};

export type BuildResult =
  | ({ ok: true } & SignedPayout)
  | { ok: false; reason: 'insufficient_funds'; needed: bigint; available: bigint };

function sign(
  key: HotWalletKey,
  hotScript: Uint8Array,
  inputs: readonly SpendableOutput[],
  outputs: readonly { script: Uint8Array; amount: bigint }[],
): { txid: string; rawTx: string } {
  const tx = new Transaction();
  for (const input of inputs) {
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      sequence: RBF_SEQUENCE,
      witnessUtxo: { script: hotScript, amount: input.value },
    });
  }
  for (const output of outputs) tx.addOutput({ script: output.script, amount: output.amount });
  tx.sign(key.privateKey);
  tx.finalize();
  return { txid: tx.id, rawTx: tx.hex };
}

/**
 * Builds and signs ONE transaction paying every payment (one output each, in order) from the hot
 * wallet's outputs, change last back to the hot wallet, RBF signalled. Coin selection: largest outputs
 * first until amounts plus the fee at `feeRate` (sat/vB) are covered; change below dust goes to the fee.
 * The fee is `ceil(estimated vsize x rate)` with the largest signatures, so the real rate is never lower.
 */
export function buildPayout(input: {
  params: ChainParams;
  key: HotWalletKey;
  /** Confirmed, unreserved outputs of the hot wallet. */
  utxos: readonly SpendableOutput[];
  payments: readonly Payment[];
  feeRate: number;
}): BuildResult {
  const { params, key } = input;
  if (input.payments.length === 0) throw new Error('a payout needs at least one payment');
  const hotScript = hotWalletScript(key, params);
  const outputs = input.payments.map((p) => {
    const script = scriptOf(p.address, params);
    if (!script) throw new Error(`not an address of this network: ${p.address}`);
    if (p.amount < DUST_LIMIT) throw new Error(`payment below the dust limit: ${p.amount}`);
    return { script, amount: p.amount };
  });
  const paid = outputs.reduce((sum, o) => sum + o.amount, 0n);
  const rate = feeRateMilli(input.feeRate);
  const scripts = outputs.map((o) => o.script);
  const withChange = [...scripts, hotScript];
  const sorted = [...input.utxos].sort((a, b) =>
    a.value === b.value ? (a.txid + a.vout).localeCompare(b.txid + b.vout) : a.value > b.value ? -1 : 1,
  );
  const selected: SpendableOutput[] = [];
  let total = 0n;
  for (const utxo of sorted) {
    selected.push(utxo);
    total += utxo.value;
    const n = selected.length;
    const vsizeWithChange = estimateVsize(n, withChange);
    const feeWithChange = feeFor(vsizeWithChange, rate);
    const change = total - paid - feeWithChange;
    if (change >= DUST_LIMIT) {
      return {
        ok: true,
        ...sign(key, hotScript, selected, [...outputs, { script: hotScript, amount: change }]),
        fee: feeWithChange,
        vsize: vsizeWithChange,
        inputs: selected,
        change,
      };
    }
    const vsize = estimateVsize(n, scripts);
    if (total - paid >= feeFor(vsize, rate)) {
      // What is left is below dust: the miners take it as fee.
      return {
        ok: true,
        ...sign(key, hotScript, selected, outputs),
        fee: total - paid,
        vsize,
        inputs: selected,
        change: 0n,
      };
    }
  }
  return {
    ok: false,
    reason: 'insufficient_funds',
    needed: paid + feeFor(estimateVsize(Math.max(1, sorted.length), withChange), rate),
    available: total,
  };
}

/**
 * A replacement (BIP 125) of a signed payout: the same inputs, the same payments, a higher fee taken
 * from the change. The new fee is at least `newFeeRate` and at least the old fee plus 1 sat/vB of the
 * replacement's size (the relay rule). Null when the change cannot pay it.
 */
export function bumpPayout(input: {
  params: ChainParams;
  key: HotWalletKey;
  rawTx: string;
  inputs: readonly SpendableOutput[];
  oldFee: bigint;
  newFeeRate: number;
}): SignedPayout | null {
  const { params, key } = input;
  const hotScript = hotWalletScript(key, params);
  const old = Transaction.fromRaw(hexToBytes(input.rawTx));
  const outputs: { script: Uint8Array; amount: bigint }[] = [];
  for (let i = 0; i < old.outputsLength; i += 1) {
    const out = old.getOutput(i);
    outputs.push({ script: out.script!, amount: out.amount! });
  }
  const last = outputs[outputs.length - 1];
  const hasChange = outputs.length > 1 && last !== undefined && equalBytes(last.script, hotScript);
  const payments = hasChange ? outputs.slice(0, -1) : outputs;
  const change = hasChange ? last!.amount : 0n;
  const rate = feeRateMilli(input.newFeeRate);
  const n = input.inputs.length;
  const required = (vsize: number) => {
    const byRate = feeFor(vsize, rate);
    const byRule = input.oldFee + feeFor(vsize, BigInt(MIN_FEE_RATE * 1000));
    return byRate > byRule ? byRate : byRule;
  };
  if (hasChange) {
    const vsize = estimateVsize(
      n,
      outputs.map((o) => o.script),
    );
    const fee = required(vsize);
    const newChange = change - (fee - input.oldFee);
    if (newChange >= DUST_LIMIT) {
      return {
        ...sign(key, hotScript, input.inputs, [...payments, { script: hotScript, amount: newChange }]),
        fee,
        vsize,
        inputs: [...input.inputs],
        change: newChange,
      };
    }
  }
  const vsize = estimateVsize(
    n,
    payments.map((o) => o.script),
  );
  const fee = input.oldFee + change;
  if (!hasChange || fee < required(vsize)) return null;
  return {
    ...sign(key, hotScript, input.inputs, payments),
    fee,
    vsize,
    inputs: [...input.inputs],
    change: 0n,
  };
}

/** The fee rate (sat/vB) a signed payout pays by its estimated size. */
export const feeRateOf = (fee: bigint, vsize: number) => Number(fee) / vsize;

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

export const hexToBytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
