import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { OutScript, SigHash, Transaction } from '@scure/btc-signer';
import { equalBytes, hexToBytes } from './build.js';

/** The output an input spends: its script and amount, as the chain has them. */
export type Prevout = { script: Uint8Array; amount: bigint };

/**
 * Checks a signed transaction against the outputs it spends, as a node's script check would for
 * P2WPKH (BIP 143): each input's witness is exactly [signature, public key], the key hashes to the
 * spent output's program, and the low-S DER signature (SIGHASH_ALL) is valid for the input's BIP 143
 * digest over the spent amount. Returns the problem, or null when every input verifies. The batcher
 * runs it before saving a payout, and the tests run it on every transaction they receive.
 */
export function verifyP2wpkhSpend(rawTx: string, prevouts: readonly Prevout[]): string | null {
  const tx = Transaction.fromRaw(hexToBytes(rawTx), { allowUnknownOutputs: true });
  if (tx.inputsLength !== prevouts.length) return `inputs ${tx.inputsLength}, prevouts ${prevouts.length}`;
  for (let i = 0; i < tx.inputsLength; i += 1) {
    const prevout = prevouts[i]!;
    const decoded = OutScript.decode(prevout.script);
    if (decoded.type !== 'wpkh') return `input ${i}: spends a ${decoded.type} output, not P2WPKH`;
    const witness = tx.getInput(i).finalScriptWitness;
    if (!witness || witness.length !== 2) return `input ${i}: witness is not [signature, key]`;
    const [sigWithType, publicKey] = witness as [Uint8Array, Uint8Array];
    if (!equalBytes(ripemd160(sha256(publicKey)), decoded.hash)) {
      return `input ${i}: the key does not hash to the spent output's program`;
    }
    const hashType = sigWithType[sigWithType.length - 1]!;
    if (hashType !== SigHash.ALL) return `input ${i}: sighash ${hashType}, not ALL`;
    const scriptCode = OutScript.encode({ type: 'pkh', hash: decoded.hash });
    const digest = tx.preimageWitnessV0(i, scriptCode, hashType, prevout.amount);
    const ok = secp256k1.verify(sigWithType.subarray(0, -1), digest, publicKey, {
      prehash: false,
      format: 'der',
      lowS: true,
    });
    if (!ok) return `input ${i}: the signature does not verify`;
  }
  return null;
}
