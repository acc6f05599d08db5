import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { OutScript, Transaction, p2pkh, p2tr, p2wpkh } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import {
  DUST_LIMIT,
  RBF_SEQUENCE,
  buildPayout,
  bumpPayout,
  estimateVsize,
  feeFor,
  feeRateMilli,
  hexToBytes,
  scriptOf,
  type HotWalletKey,
} from './build.js';
import { CHAIN_PARAMS } from './networks.js';
import { buildBenchmarkBatch } from './bench.js';
import { verifyP2wpkhSpend } from './verify.js';

const params = CHAIN_PARAMS.BTC.regtest;
const keyOf = (privateKey: Uint8Array): HotWalletKey => {
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  return { privateKey, publicKey, address: p2wpkh(publicKey, params).address! };
};
const hot = keyOf(secp256k1.utils.randomSecretKey());
const hotScript = p2wpkh(hot.publicKey, params).script;
const txid = () => randomBytes(32).toString('hex');
const someAddress = (kind: 'wpkh' | 'tr' | 'pkh') => {
  const pub = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
  if (kind === 'tr') return p2tr(pub.subarray(1), undefined, params).address!;
  if (kind === 'pkh') return p2pkh(pub, params).address!;
  return p2wpkh(pub, params).address!;
};
const prevoutsOf = (inputs: { value: bigint }[]) =>
  inputs.map((i) => ({ script: hotScript, amount: i.value }));

describe('payout transactions (real bytes)', () => {
  it('should pay every address its amount in one signed transaction, change back, fee as estimated', () => {
    const utxos = [
      { txid: txid(), vout: 0, value: 30_000n },
      { txid: txid(), vout: 1, value: 500_000n },
      { txid: txid(), vout: 3, value: 200_000n },
    ];
    const payments = [
      { address: someAddress('wpkh'), amount: 150_000n },
      { address: someAddress('tr'), amount: 350_000n },
      { address: someAddress('pkh'), amount: 90_000n },
    ];
    const built = buildPayout({ params, key: hot, utxos, payments, feeRate: 7.5 });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    // Largest first: 500,000 + 200,000 covers 590,000 and the fee.
    expect(built.inputs.map((i) => i.value)).toEqual([500_000n, 200_000n]);
    const tx = Transaction.fromRaw(hexToBytes(built.rawTx));
    expect(tx.id).toBe(built.txid);
    expect(tx.outputsLength).toBe(4);
    payments.forEach((p, i) => {
      expect(tx.getOutput(i).amount).toBe(p.amount);
      expect(tx.getOutput(i).script).toEqual(scriptOf(p.address, params));
    });
    expect(tx.getOutput(3).script).toEqual(hotScript);
    expect(tx.getOutput(3).amount).toBe(built.change);
    expect(built.change).toBe(700_000n - 590_000n - built.fee);
    expect(built.fee).toBe(feeFor(built.vsize, feeRateMilli(7.5)));
    expect(built.vsize).toBe(
      estimateVsize(2, [...payments.map((p) => scriptOf(p.address, params)!), hotScript]),
    );
    // The estimate is an upper bound: the real rate is never below the target.
    expect(tx.vsize).toBeLessThanOrEqual(built.vsize);
    expect(Number(built.fee) / tx.vsize).toBeGreaterThanOrEqual(7.5);
    for (let i = 0; i < tx.inputsLength; i += 1) expect(tx.getInput(i).sequence).toBe(RBF_SEQUENCE);
    expect(verifyP2wpkhSpend(built.rawTx, prevoutsOf(built.inputs))).toBeNull();
  });

  it('should refuse a signature over another amount or by another key', () => {
    const utxos = [{ txid: txid(), vout: 0, value: 100_000n }];
    const built = buildPayout({
      params,
      key: hot,
      utxos,
      payments: [{ address: someAddress('wpkh'), amount: 50_000n }],
      feeRate: 2,
    });
    if (!built.ok) throw new Error('not built');
    expect(verifyP2wpkhSpend(built.rawTx, [{ script: hotScript, amount: 100_001n }])).toMatch(/signature/);
    const other = p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true), params).script;
    expect(verifyP2wpkhSpend(built.rawTx, [{ script: other, amount: 100_000n }])).toMatch(/hash/);
  });

  it('should give change below dust to the fee and say when the outputs do not cover the payments', () => {
    const payment = { address: someAddress('wpkh'), amount: 100_000n };
    const feeNoChange = feeFor(estimateVsize(1, [scriptOf(payment.address, params)!]), feeRateMilli(1));
    const exact = buildPayout({
      params,
      key: hot,
      utxos: [{ txid: txid(), vout: 0, value: 100_000n + feeNoChange + 100n }],
      payments: [payment],
      feeRate: 1,
    });
    expect(exact.ok && exact.change).toBe(0n);
    expect(exact.ok && exact.fee).toBe(feeNoChange + 100n);
    const short = buildPayout({
      params,
      key: hot,
      utxos: [{ txid: txid(), vout: 0, value: 100_000n }],
      payments: [payment],
      feeRate: 1,
    });
    expect(short).toMatchObject({ ok: false, reason: 'insufficient_funds', available: 100_000n });
    expect(() =>
      buildPayout({
        params,
        key: hot,
        utxos: [],
        payments: [{ address: someAddress('wpkh'), amount: DUST_LIMIT - 1n }],
        feeRate: 1,
      }),
    ).toThrow(/dust/);
  });

  it('should replace a payout with the same inputs and payments and a higher fee from the change', () => {
    const utxos = [{ txid: txid(), vout: 2, value: 1_000_000n }];
    const payments = [
      { address: someAddress('wpkh'), amount: 300_000n },
      { address: someAddress('tr'), amount: 200_000n },
    ];
    const first = buildPayout({ params, key: hot, utxos, payments, feeRate: 2 });
    if (!first.ok) throw new Error('not built');
    const bumped = bumpPayout({
      params,
      key: hot,
      rawTx: first.rawTx,
      inputs: first.inputs,
      oldFee: first.fee,
      newFeeRate: 10,
    });
    expect(bumped).not.toBeNull();
    const tx = Transaction.fromRaw(hexToBytes(bumped!.rawTx));
    expect(bumped!.txid).not.toBe(first.txid);
    expect(tx.getInput(0).txid).toEqual(hexToBytes(utxos[0]!.txid));
    expect(tx.getOutput(0).amount).toBe(300_000n);
    expect(tx.getOutput(1).amount).toBe(200_000n);
    expect(bumped!.fee).toBe(feeFor(first.vsize, feeRateMilli(10)));
    expect(bumped!.change).toBe(first.change - (bumped!.fee - first.fee));
    expect(verifyP2wpkhSpend(bumped!.rawTx, prevoutsOf(bumped!.inputs))).toBeNull();
    // Even at the same rate the replacement pays at least 1 sat/vB more (BIP 125's relay rule).
    const same = bumpPayout({
      params,
      key: hot,
      rawTx: first.rawTx,
      inputs: first.inputs,
      oldFee: first.fee,
      newFeeRate: 2,
    });
    expect(same!.fee).toBe(first.fee + BigInt(first.vsize));
  });

  it('should decode LTC regtest addresses with the Litecoin parameters', () => {
    const ltc = CHAIN_PARAMS.LTC.regtest;
    const pub = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
    const address = p2wpkh(pub, ltc).address!;
    expect(address.startsWith('rltc1')).toBe(true);
    expect(OutScript.decode(scriptOf(address, ltc)!).type).toBe('wpkh');
    expect(scriptOf(address, params)).toBeNull();
  });

  it('should build and sign a batch of 200 withdrawals in under 2 seconds', () => {
    // The time of building and signing only (the 200 users' addresses are made before the clock starts).
    const result = buildBenchmarkBatch(200);
    expect(result.outputs).toBe(201);
    expect(result.ms).toBeLessThan(2000);
  });
});
