import { base58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import * as btc from '@scure/btc-signer';
import { signerNetworks, type BitcoinNetwork } from './networks.js';

/**
 * Output scripts to addresses and back, per network (issue 27). `addressOfScript` is on the deposit scan's
 * hot path (every output of every block), so it recognises the five standard forms by their bytes and
 * encodes with `@scure/base` directly; everything else (OP_RETURN, bare multisig, non-standard) has no
 * address and is skipped. Validation of addresses people type goes through `@scure/btc-signer`.
 */

const b58 = base58check(sha256);

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

/**
 * A segwit address (BIP-173 bech32 for version 0, BIP-350 bech32m after) written without intermediate
 * arrays: the deposit scan encodes every output of every block. Equal to `@scure/base`'s encoder
 * (script-address.test.ts).
 */
export function segwitAddress(hrp: string, version: number, program: Uint8Array): string {
  const words: number[] = [version];
  let acc = 0;
  let bits = 0;
  for (const byte of program) {
    acc = ((acc << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  let chk = 1;
  const step = (value: number) => {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) chk ^= GENERATOR[i]!;
  };
  for (let i = 0; i < hrp.length; i += 1) step(hrp.charCodeAt(i) >> 5);
  step(0);
  for (let i = 0; i < hrp.length; i += 1) step(hrp.charCodeAt(i) & 31);
  for (const word of words) step(word);
  for (let i = 0; i < 6; i += 1) step(0);
  chk ^= version === 0 ? BECH32_CONST : BECH32M_CONST;
  let out = `${hrp}1`;
  for (const word of words) out += CHARSET[word];
  for (let i = 0; i < 6; i += 1) out += CHARSET[(chk >>> (5 * (5 - i))) & 31];
  return out;
}

function base58Address(version: number, hash: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload[0] = version;
  payload.set(hash, 1);
  return b58.encode(payload);
}

/** The address an output script pays, on this network; null for a script without one. */
export function addressOfScript(script: Uint8Array, network: BitcoinNetwork): string | null {
  const n = script.length;
  // P2WPKH: OP_0 <20>; P2WSH: OP_0 <32>
  if (script[0] === 0x00 && ((n === 22 && script[1] === 0x14) || (n === 34 && script[1] === 0x20))) {
    return segwitAddress(network.bech32, 0, script.subarray(2));
  }
  // P2TR: OP_1 <32>
  if (n === 34 && script[0] === 0x51 && script[1] === 0x20) {
    return segwitAddress(network.bech32, 1, script.subarray(2));
  }
  // P2PKH: OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG
  if (
    n === 25 &&
    script[0] === 0x76 &&
    script[1] === 0xa9 &&
    script[2] === 0x14 &&
    script[23] === 0x88 &&
    script[24] === 0xac
  ) {
    return base58Address(network.pubKeyHash, script.subarray(3, 23));
  }
  // P2SH: OP_HASH160 <20> OP_EQUAL
  if (n === 23 && script[0] === 0xa9 && script[1] === 0x14 && script[22] === 0x87) {
    return base58Address(network.scriptHash[0]!, script.subarray(2, 22));
  }
  return null;
}

/**
 * The output script of an address of this network (any standard type, checksum verified), or undefined
 * when it is none. A P2SH address under Litecoin's older version byte gives the same script.
 */
export function scriptOfAddress(address: string, network: BitcoinNetwork): Uint8Array | undefined {
  for (const net of signerNetworks(network)) {
    try {
      return btc.OutScript.encode(btc.Address(net).decode(address.trim()));
    } catch {
      // not an address of this form: try the next P2SH version
    }
  }
  return undefined;
}

/**
 * The canonical spelling of an address (lower-case bech32, P2SH under the current version byte): how
 * a watched set is keyed, since `addressOfScript` produces this form.
 */
export function canonicalAddress(address: string, network: BitcoinNetwork): string | undefined {
  const script = scriptOfAddress(address, network);
  return script === undefined ? undefined : (addressOfScript(script, network) ?? undefined);
}
