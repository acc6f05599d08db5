import { createHash } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { p2wpkh } from '@scure/btc-signer';
import { buildPayout, type HotWalletKey } from './build.js';
import { CHAIN_PARAMS } from './networks.js';

/** Deterministic bytes for the benchmark: the same batch every run. */
const bytesOf = (label: string) => Uint8Array.from(createHash('sha256').update(label).digest());

/**
 * The benchmark's case (`npm run bench`, case `chain`): builds and signs one batch paying `count`
 * withdrawals on regtest from 50 hot-wallet outputs (each 0.05 BTC; amounts between 0.001 and 0.002
 * BTC), at 12 sat/vB. Answers what was built and how long it took in milliseconds; the target is
 * under 2 s for 200.
 */
export function buildBenchmarkBatch(count = 200) {
  const params = CHAIN_PARAMS.BTC.regtest;
  const privateKey = bytesOf('bench hot wallet');
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  const key: HotWalletKey = { privateKey, publicKey, address: p2wpkh(publicKey, params).address! };
  const utxos = Array.from({ length: 50 }, (_, i) => ({
    txid: Buffer.from(bytesOf(`utxo ${i}`)).toString('hex'),
    vout: i % 3,
    value: 5_000_000n,
  }));
  const payments = Array.from({ length: count }, (_, i) => ({
    address: p2wpkh(secp256k1.getPublicKey(bytesOf(`user ${i}`), true), params).address!,
    amount: 100_000n + BigInt(i * 500),
  }));
  const started = performance.now();
  const built = buildPayout({ params, key, utxos, payments, feeRate: 12 });
  const ms = performance.now() - started;
  if (!built.ok) throw new Error('benchmark batch not covered');
  return {
    ms,
    inputs: built.inputs.length,
    outputs: count + (built.change > 0n ? 1 : 0),
    vsize: built.vsize,
    fee: built.fee,
  };
}
