import { createHash } from 'node:crypto';
import * as btc from '@scure/btc-signer';
import { hash160 } from '@scure/btc-signer/utils.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base64 } from '@scure/base';
import { signerNetwork, type BitcoinNetwork } from './networks.js';
import { scriptOfAddress } from './script-address.js';

/**
 * BIP-322 "simple" signed messages for P2WPKH addresses (issue 27's proof of reserves: the operator
 * proves control of the hot wallet's address). The two virtual transactions of the BIP are built and
 * signed with `@scure/btc-signer`, the library that signs the hot wallet's real transactions, rather than
 * `bip322-js`, which brings bitcoinjs-lib, ecpair and a native secp256k1 binding for one signature.
 * Checked against the BIP's own test vectors (bip322.test.ts).
 */

const tag = createHash('sha256').update('BIP0322-signed-message').digest();

/** The BIP-340 tagged hash of the message with tag "BIP0322-signed-message". */
export const bip322MessageHash = (message: string) =>
  new Uint8Array(createHash('sha256').update(tag).update(tag).update(message, 'utf8').digest());

const TX_OPTS = { version: 0, allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true };

/** `to_spend`'s txid: a virtual transaction paying the address, committing to the message. */
function toSpendTxid(script: Uint8Array, message: string): string {
  const raw = btc.RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Uint8Array.from([0x00, 0x20, ...bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: undefined,
    lockTime: 0,
  });
  const hash = createHash('sha256').update(createHash('sha256').update(raw).digest()).digest();
  return Buffer.from(hash).reverse().toString('hex');
}

/** `to_sign`: spends `to_spend` to an OP_RETURN; its witness is the signature. */
function toSign(script: Uint8Array, message: string): btc.Transaction {
  const tx = new btc.Transaction(TX_OPTS);
  tx.addInput({
    txid: toSpendTxid(script, message),
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n },
  });
  tx.addOutput({ script: Uint8Array.of(0x6a), amount: 0n });
  return tx;
}

/** Signs `message` for the P2WPKH address of `privateKey`: the base64 BIP-322 simple signature. */
export function signBip322(message: string, privateKey: Uint8Array, network: BitcoinNetwork): string {
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  const { script } = btc.p2wpkh(publicKey, signerNetwork(network));
  const tx = toSign(script, message);
  tx.sign(privateKey);
  tx.finalize();
  return base64.encode(btc.RawWitness.encode(tx.getInput(0).finalScriptWitness!));
}

/** Verifies a BIP-322 simple signature of a P2WPKH address (false for anything else). */
export function verifyBip322(
  address: string,
  message: string,
  signature: string,
  network: BitcoinNetwork,
): boolean {
  const script = scriptOfAddress(address, network);
  if (!script || script.length !== 22 || script[0] !== 0x00) return false;
  let witness: Uint8Array[];
  try {
    witness = btc.RawWitness.decode(base64.decode(signature));
  } catch {
    return false;
  }
  const [sig, pubkey] = witness;
  if (witness.length !== 2 || !sig || !pubkey || sig.length < 9) return false;
  if (Buffer.compare(Buffer.from(hash160(pubkey)), Buffer.from(script.subarray(2))) !== 0) return false;
  const hashType = sig[sig.length - 1]!;
  if (hashType !== btc.SigHash.ALL) return false;
  const sighash = toSign(script, message).preimageWitnessV0(0, btc.p2pkh(pubkey).script, hashType, 0n);
  try {
    return secp256k1.verify(sig.subarray(0, -1), sighash, pubkey, {
      prehash: false,
      format: 'der',
      lowS: true,
    });
  } catch {
    return false;
  }
}
