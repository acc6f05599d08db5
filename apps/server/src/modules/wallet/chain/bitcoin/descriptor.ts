import { HDKey } from '@scure/bip32';
import { base58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import * as btc from '@scure/btc-signer';
import {
  ALL_EXTENDED_KEYS,
  BITCOIN_NETWORKS,
  signerNetwork,
  type BitcoinNetwork,
  type ExtendedKeyVersion,
} from './networks.js';

/**
 * Output descriptors for deposit addresses (issue 27, BIP-380 to BIP-386): the operator's account key and
 * its derivation, e.g. `wpkh([d34db33f/84'/0'/0']xpub.../0/*)`, from which the server derives one address
 * per child index. Only public keys: a private key (xprv, WIF) is refused, as is a hardened step after the
 * key (it would need the private key), a key of another network, a descriptor without `*` (one address
 * for every user) and a wrong `#checksum`.
 *
 * Written over `@scure/bip32` and `@scure/btc-signer` (the audited libraries the hot wallet and the
 * withdrawal batcher use too) rather than `@bitcoinerlab/descriptors`, which brings a second Bitcoin stack
 * (bitcoinjs-lib, ecpair, a secp256k1 binding) for the four script types deposit addresses use.
 */

export type DescriptorScript = 'wpkh' | 'sh-wpkh' | 'pkh' | 'tr';

export type ParsedDescriptor = {
  /** The descriptor as given, without its checksum. */
  text: string;
  /** The checksum (given, or computed when none was). */
  checksum: string;
  script: DescriptorScript;
  /** `[fingerprint/path]` when given: the master key's fingerprint and the account's path, as text. */
  origin: string | null;
  /** The extended key as written (any accepted SLIP-132 prefix). */
  key: string;
  /** The non-hardened steps between the key and `*` (usually [0]: the receive branch). */
  steps: number[];
};

export class DescriptorError extends Error {}

// --- BIP-380 checksum -------------------------------------------------------------------------------------

const INPUT_CHARSET =
  '0123456789()[],\'/*abcdefgh@:$%{}IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~ijklmnopqrstuvwxyzABCDEFGH`#"\\ ';
const CHECKSUM_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn];

function polymod(symbols: number[]): bigint {
  let chk = 1n;
  for (const value of symbols) {
    const top = chk >> 35n;
    chk = ((chk & 0x7ffffffffn) << 5n) ^ BigInt(value);
    for (let i = 0; i < 5; i += 1) if ((top >> BigInt(i)) & 1n) chk ^= GENERATOR[i]!;
  }
  return chk;
}

/** The 8-character checksum of a descriptor (BIP-380); undefined when it holds a character outside the set. */
export function descriptorChecksum(text: string): string | undefined {
  const symbols: number[] = [];
  let groups: number[] = [];
  for (const char of text) {
    const v = INPUT_CHARSET.indexOf(char);
    if (v < 0) return undefined;
    symbols.push(v & 31);
    groups.push(v >> 5);
    if (groups.length === 3) {
      symbols.push(groups[0]! * 9 + groups[1]! * 3 + groups[2]!);
      groups = [];
    }
  }
  if (groups.length === 1) symbols.push(groups[0]!);
  if (groups.length === 2) symbols.push(groups[0]! * 3 + groups[1]!);
  const checksum = polymod([...symbols, 0, 0, 0, 0, 0, 0, 0, 0]) ^ 1n;
  let out = '';
  for (let i = 0; i < 8; i += 1) out += CHECKSUM_CHARSET[Number((checksum >> BigInt(5 * (7 - i))) & 31n)];
  return out;
}

// --- parsing ----------------------------------------------------------------------------------------------

const SCRIPT_FORMS: [RegExp, DescriptorScript][] = [
  [/^wpkh\((.*)\)$/, 'wpkh'],
  [/^sh\(wpkh\((.*)\)\)$/, 'sh-wpkh'],
  [/^pkh\((.*)\)$/, 'pkh'],
  [/^tr\(([^,]*)\)$/, 'tr'],
];

const HARDENED = /^(\d+)['hH]$/;
const PLAIN = /^\d+$/;

/** The version bytes an extended key starts with, and whether they are a public or private one. */
function versionOf(key: string): { version: ExtendedKeyVersion; isPrivate: boolean } | undefined {
  let payload: Uint8Array;
  try {
    payload = base58check(sha256).decode(key);
  } catch {
    return undefined;
  }
  if (payload.length !== 78) return undefined;
  const raw = ((payload[0]! << 24) | (payload[1]! << 16) | (payload[2]! << 8) | payload[3]!) >>> 0;
  for (const version of ALL_EXTENDED_KEYS) {
    if (version.public === raw) return { version, isPrivate: false };
    if (version.private === raw) return { version, isPrivate: true };
  }
  return undefined;
}

const isWif = (key: string) => {
  try {
    const payload = base58check(sha256).decode(key);
    return payload.length === 33 || (payload.length === 34 && payload[33] === 1);
  } catch {
    return false;
  }
};

/** Which networks use an extended-key version, in words ("Bitcoin mainnet, Litecoin mainnet"). */
function networksOf(version: ExtendedKeyVersion): string {
  const names = Object.values(BITCOIN_NETWORKS)
    .flatMap((byName) => Object.values(byName))
    .filter((n) => n.extendedKeys.some((v) => v.public === version.public))
    .map((n) => `${n.coin} ${n.name}`);
  return names.join(', ');
}

/**
 * Parses and checks a ranged deposit descriptor for `network`; throws `DescriptorError` saying what is
 * wrong in words an operator can act on.
 */
export function parseDescriptor(input: string, network: BitcoinNetwork): ParsedDescriptor {
  const trimmed = input.trim();
  const [text = '', given, ...rest] = trimmed.split('#');
  if (rest.length > 0) throw new DescriptorError('The descriptor has more than one "#".');
  const computed = descriptorChecksum(text);
  if (computed === undefined) {
    throw new DescriptorError('The descriptor holds a character descriptors never use.');
  }
  if (given !== undefined && given !== computed) {
    throw new DescriptorError(
      `The descriptor's checksum #${given} does not match its text (expected #${computed}): it was changed ` +
        'or mistyped; copy it again from the wallet that made it.',
    );
  }
  const form = SCRIPT_FORMS.find(([pattern]) => pattern.test(text));
  if (!form) {
    throw new DescriptorError(
      'Unsupported descriptor: use wpkh(KEY), sh(wpkh(KEY)), pkh(KEY) or tr(KEY) with a ranged extended ' +
        "public key, e.g. wpkh([fingerprint/84'/0'/0']xpub.../0/*).",
    );
  }
  const [pattern, script] = form;
  const keyExpression = pattern.exec(text)![1]!;

  let origin: string | null = null;
  let rest2 = keyExpression;
  if (rest2.startsWith('[')) {
    const end = rest2.indexOf(']');
    if (end < 0) throw new DescriptorError('The key origin "[" is not closed by "]".');
    origin = rest2.slice(1, end);
    if (!/^[0-9a-fA-F]{8}(\/\d+['hH]?)*$/.test(origin)) {
      throw new DescriptorError(`The key origin [${origin}] must be an 8-hex-digit fingerprint and a path.`);
    }
    rest2 = rest2.slice(end + 1);
  }
  const [key = '', ...path] = rest2.split('/');

  const version = versionOf(key);
  if (!version) {
    if (isWif(key) || /^[0-9a-fA-F]{64}$/.test(key)) {
      throw new DescriptorError(
        'The descriptor holds a private key: the server takes only the extended PUBLIC key of deposit ' +
          'addresses (xpub/tpub...); keep the private key offline.',
      );
    }
    if (/^(02|03)[0-9a-fA-F]{64}$/.test(key) || /^[0-9a-fA-F]{64}$/.test(key)) {
      throw new DescriptorError(
        'The descriptor is not ranged: a single public key gives one address for everyone.',
      );
    }
    throw new DescriptorError(
      `"${key.slice(0, 12)}..." is not an extended public key (or its checksum is wrong).`,
    );
  }
  if (version.isPrivate) {
    throw new DescriptorError(
      `The descriptor holds an extended PRIVATE key (${version.version.prefix.replace('pub', 'prv')}): the ` +
        'server takes only the extended public key of deposit addresses; keep the private key offline.',
    );
  }
  if (!network.extendedKeys.some((v) => v.public === version.version.public)) {
    throw new DescriptorError(
      `The descriptor's key is a ${version.version.prefix} (${networksOf(version.version)}), not a key of ` +
        `${network.coin} ${network.name} (${network.extendedKeys.map((v) => v.prefix).join(', ')}).`,
    );
  }
  if (path.length === 0 || path[path.length - 1] !== '*') {
    const hardenedStar = path[path.length - 1];
    if (hardenedStar !== undefined && /^\*['hH]$/.test(hardenedStar)) {
      throw new DescriptorError(
        "A hardened range (*') needs the private key: use an unhardened /* at the end.",
      );
    }
    throw new DescriptorError('The descriptor is not ranged: it must end in /* (one address per index).');
  }
  const steps = path.slice(0, -1).map((step) => {
    if (HARDENED.test(step)) {
      throw new DescriptorError(`The step /${step} after the key is hardened: that needs the private key.`);
    }
    if (!PLAIN.test(step) || Number(step) >= 2 ** 31) {
      throw new DescriptorError(`The step /${step} after the key is not a child number.`);
    }
    return Number(step);
  });
  return { text, checksum: computed, script, origin, key, steps };
}

// --- derivation -------------------------------------------------------------------------------------------

/**
 * Derives the addresses of a parsed descriptor on its network. The branch node (key + fixed steps) is
 * derived once; each address then costs one child derivation.
 */
export class DescriptorDeriver {
  private readonly branch: HDKey;
  private readonly net: ReturnType<typeof signerNetwork>;

  constructor(
    readonly descriptor: ParsedDescriptor,
    readonly network: BitcoinNetwork,
  ) {
    const version = network.extendedKeys.find((v) => versionOf(descriptor.key)?.version.public === v.public)!;
    let node = HDKey.fromExtendedKey(descriptor.key, { public: version.public, private: version.private });
    for (const step of descriptor.steps) node = node.deriveChild(step);
    this.branch = node;
    this.net = signerNetwork(network);
  }

  /** The compressed public key at a child index (0 <= index < 2^31). */
  publicKeyAt(index: number): Uint8Array {
    if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) {
      throw new RangeError(`child index ${index} is out of range`);
    }
    return this.branch.deriveChild(index).publicKey!;
  }

  /** The address at a child index. */
  addressAt(index: number): string {
    const pub = this.publicKeyAt(index);
    switch (this.descriptor.script) {
      case 'wpkh':
        return btc.p2wpkh(pub, this.net).address!;
      case 'sh-wpkh':
        return btc.p2sh(btc.p2wpkh(pub, this.net), this.net).address!;
      case 'pkh':
        return btc.p2pkh(pub, this.net).address!;
      case 'tr':
        return btc.p2tr(pub.subarray(1), undefined, this.net).address!;
    }
  }
}

/** Parses a descriptor for a network and returns its deriver (throws `DescriptorError`). */
export const descriptorFor = (text: string, network: BitcoinNetwork) =>
  new DescriptorDeriver(parseDescriptor(text, network), network);
