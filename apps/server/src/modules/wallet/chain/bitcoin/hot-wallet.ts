import fs from 'node:fs';
import { base58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import * as btc from '@scure/btc-signer';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { BITCOIN_NETWORKS, signerNetwork, type BitcoinNetwork } from './networks.js';

/**
 * The hot wallet's key (issue 27): one P2WPKH key pair per coin, from the environment
 * (`BTC_HOT_WALLET_KEY`, a WIF) or a file the environment names (`BTC_HOT_WALLET_KEY_FILE`, for Docker or
 * systemd secrets), never from the database. The withdrawal batcher signs its batches with `privateKey`
 * (`tx.sign(key.privateKey)` in `@scure/btc-signer`) and sends change back to `address`.
 *
 * `privateKey` is not enumerable, so logging or serialising the object does not print it.
 */
export type HotWalletKey = {
  coin: string;
  network: BitcoinNetwork;
  /** 32 bytes. Not enumerable. */
  readonly privateKey: Uint8Array;
  /** Compressed, 33 bytes. */
  publicKey: Uint8Array;
  /** The P2WPKH address: where the hot wallet's coins and the batches' change are. */
  address: string;
  /** Its output script. */
  script: Uint8Array;
};

export class HotWalletKeyError extends Error {}

/** Which network a WIF version byte belongs to, for "a key of ..." in a refusal. */
function networkOfWif(version: number): string {
  const names = Object.values(BITCOIN_NETWORKS)
    .flatMap((byName) => Object.values(byName))
    .filter((n) => n.wif === version)
    .map((n) => `${n.coin} ${n.name}`);
  return names.length > 0 ? names.join(', ') : 'no network we know';
}

/** Parses a WIF private key for `network` (compressed only: P2WPKH needs a compressed public key). */
export function hotWalletKey(wif: string, network: BitcoinNetwork): HotWalletKey {
  let payload: Uint8Array;
  try {
    payload = base58check(sha256).decode(wif.trim());
  } catch {
    throw new HotWalletKeyError('The hot wallet key is not a WIF private key (or its checksum is wrong).');
  }
  if (payload.length === 33) {
    throw new HotWalletKeyError(
      'The hot wallet key is an uncompressed WIF: a P2WPKH wallet needs a compressed key (WIF starting with K, L or c).',
    );
  }
  if (payload.length !== 34 || payload[33] !== 0x01) {
    throw new HotWalletKeyError('The hot wallet key is not a WIF private key.');
  }
  if (payload[0] !== network.wif) {
    throw new HotWalletKeyError(
      `The hot wallet key is a key of ${networkOfWif(payload[0]!)}, not of ${network.coin} ${network.name}.`,
    );
  }
  const privateKey = payload.slice(1, 33);
  if (!secp256k1.utils.isValidSecretKey(privateKey)) {
    throw new HotWalletKeyError('The hot wallet key is out of the curve order.');
  }
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  const payment = btc.p2wpkh(publicKey, signerNetwork(network));
  const key = { coin: network.coin, network, publicKey, address: payment.address!, script: payment.script };
  Object.defineProperty(key, 'privateKey', { value: privateKey, enumerable: false });
  return key as HotWalletKey;
}

/**
 * The key text from the environment's value or the file it names (exactly one of them), or null when
 * neither is set.
 */
export function readHotWalletKeyText(
  value: string | undefined,
  file: string | undefined,
  name: string,
): string | null {
  if (value && file) throw new HotWalletKeyError(`Set ${name} or ${name}_FILE, not both.`);
  if (value) return value.trim();
  if (!file) return null;
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new HotWalletKeyError(
      `${name}_FILE (${file}) cannot be read: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
}
