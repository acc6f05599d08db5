import { createHash, randomBytes } from 'node:crypto';
import { bech32, bech32m } from 'bech32';
import bs58 from 'bs58';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Address formats per coin and network (the main network, and the test network the simulated chain runs
 * as): generation (the simulated chain's deposit addresses) and validation (withdrawals to an external
 * address). Checksums are verified, so a typo is caught before money leaves: bech32/bech32m and
 * base58check for Bitcoin and Litecoin, EIP-55 for Ethereum tokens, and Monero's own base58 with a Keccak
 * checksum; an address of the other network is refused the same way.
 */

const sha256d = (data: Uint8Array) =>
  createHash('sha256').update(createHash('sha256').update(data).digest()).digest();

// --- bech32 segwit (BIP-173 / BIP-350) --------------------------------------------------------------------

function segwitAddress(hrp: string, program: Uint8Array): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(program)]);
}

/** The witness version and program of a segwit address with this HRP, checksum and lengths verified. */
function decodeSegwit(hrp: string, address: string): { version: number; program: Uint8Array } | undefined {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return undefined;
  if (!lower.startsWith(`${hrp}1`)) return undefined;
  for (const codec of [bech32, bech32m]) {
    const decoded = codec.decodeUnsafe(lower, 90);
    if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) continue;
    const [version, ...words] = decoded.words;
    const bytes = codec.fromWordsUnsafe(words);
    if (!bytes || version === undefined || version > 16) continue;
    const program = Uint8Array.from(bytes);
    // Version 0 uses bech32 with a 20- or 32-byte program; versions 1+ use bech32m (BIP-350).
    if (version === 0 && codec === bech32 && (program.length === 20 || program.length === 32)) {
      return { version, program };
    }
    if (version > 0 && codec === bech32m && program.length >= 2 && program.length <= 40) {
      return { version, program };
    }
  }
  return undefined;
}

/** The same witness program under another HRP (bech32 for version 0, bech32m after: BIP-350). */
function reencodeSegwit(from: string, to: string, address: string): string | undefined {
  const decoded = decodeSegwit(from, address);
  if (!decoded) return undefined;
  const codec = decoded.version === 0 ? bech32 : bech32m;
  return codec.encode(to, [decoded.version, ...codec.toWords(decoded.program)], 90);
}

function isBase58Check(address: string, versions: number[]): boolean {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(address);
  } catch {
    return false;
  }
  if (bytes.length !== 25 || !versions.includes(bytes[0]!)) return false;
  const checksum = sha256d(bytes.subarray(0, 21)).subarray(0, 4);
  return Buffer.compare(Buffer.from(checksum), Buffer.from(bytes.subarray(21))) === 0;
}

// --- Ethereum (EIP-55) ------------------------------------------------------------------------------------

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  return `0x${[...lower].map((c, i) => (parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  // All one case carries no checksum (still valid); mixed case must match EIP-55 exactly.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

// --- Monero base58 (8-byte blocks -> 11 characters) -------------------------------------------------------

const XMR_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const XMR_BLOCK_CHARS = [0, 2, 3, 5, 6, 7, 9, 10, 11];

function xmrEncode(data: Uint8Array): string {
  let out = '';
  for (let offset = 0; offset < data.length; offset += 8) {
    const block = data.subarray(offset, offset + 8);
    let value = 0n;
    for (const byte of block) value = value * 256n + BigInt(byte);
    let chunk = '';
    for (let i = 0; i < XMR_BLOCK_CHARS[block.length]!; i += 1) {
      chunk = XMR_ALPHABET[Number(value % 58n)]! + chunk;
      value /= 58n;
    }
    out += chunk;
  }
  return out;
}

function xmrDecode(text: string): Uint8Array | undefined {
  const bytes: number[] = [];
  for (let offset = 0; offset < text.length; offset += 11) {
    const chunk = text.slice(offset, offset + 11);
    const size = XMR_BLOCK_CHARS.indexOf(chunk.length);
    if (size < 0) return undefined;
    let value = 0n;
    for (const char of chunk) {
      const digit = XMR_ALPHABET.indexOf(char);
      if (digit < 0) return undefined;
      value = value * 58n + BigInt(digit);
    }
    if (value >= 256n ** BigInt(size)) return undefined;
    const block: number[] = [];
    for (let i = 0; i < size; i += 1) {
      block.unshift(Number(value % 256n));
      value /= 256n;
    }
    bytes.push(...block);
  }
  return Uint8Array.from(bytes);
}

function moneroAddress(prefix: number, keys: Uint8Array): string {
  const payload = Uint8Array.from([prefix, ...keys]);
  const checksum = keccak_256(payload).subarray(0, 4);
  return xmrEncode(Uint8Array.from([...payload, ...checksum]));
}

/** The network prefix and the two public keys of a standard or subaddress, checksum verified. */
function decodeMonero(address: string): { prefix: number; keys: Uint8Array } | undefined {
  if (address.length !== 95) return undefined;
  const bytes = xmrDecode(address);
  if (!bytes || bytes.length !== 69) return undefined;
  const checksum = keccak_256(bytes.subarray(0, 65)).subarray(0, 4);
  if (Buffer.compare(Buffer.from(checksum), Buffer.from(bytes.subarray(65))) !== 0) return undefined;
  return { prefix: bytes[0]!, keys: bytes.subarray(1, 65) };
}

/** Monero's network prefixes (cryptonote_config.h): a standard address and a subaddress per network. */
type MoneroPrefixes = { standard: number; subaddress: number };
const XMR_MAINNET: MoneroPrefixes = { standard: 18, subaddress: 42 };
const XMR_STAGENET: MoneroPrefixes = { standard: 24, subaddress: 36 };

const isMoneroAddress = (prefixes: MoneroPrefixes) => (address: string) => {
  const decoded = decodeMonero(address);
  return decoded !== undefined && [prefixes.standard, prefixes.subaddress].includes(decoded.prefix);
};

/** The same keys under another network's prefixes (a standard address stays standard). */
function reprefixMonero(from: MoneroPrefixes, to: MoneroPrefixes, address: string): string | undefined {
  const decoded = decodeMonero(address);
  if (!decoded) return undefined;
  if (decoded.prefix === from.standard) return moneroAddress(to.standard, decoded.keys);
  if (decoded.prefix === from.subaddress) return moneroAddress(to.subaddress, decoded.keys);
  return undefined;
}

// --- per coin ---------------------------------------------------------------------------------------------

/**
 * Which of a coin's networks an address belongs to: its main network, or the test network the simulated
 * chain runs as (decision 0047): Bitcoin and Litecoin regtest, Monero stagenet. Ethereum and its tokens
 * have no test address format (0x... is the same everywhere), so both entries are the same.
 */
export type AddressNetwork = 'mainnet' | 'test';

export type AddressFormat = {
  /** Human name of the network, shown next to the address ("Bitcoin", "Bitcoin regtest"). */
  network: string;
  /** A new address in this network's form (the simulated chain's deposit addresses). */
  generate(): string;
  isValid(address: string): boolean;
  /**
   * How every address this form generates begins: lets SQL skip the rows already in this form (the
   * start-up step that gives old simulated addresses their test form, test-form-addresses.ts).
   */
  generatedPrefix: string;
};

type CoinAddresses = Record<AddressNetwork, AddressFormat> & {
  /** A mainnet address's test-network form over the same key, or undefined when it has none. */
  toTest(address: string): string | undefined;
};

/** Bitcoin's family: bech32/bech32m segwit under the network's HRP, or base58check with its versions. */
function bitcoinLike(networks: Record<AddressNetwork, { name: string; hrp: string; base58: number[] }>) {
  const format = ({ name, hrp, base58 }: { name: string; hrp: string; base58: number[] }) => ({
    network: name,
    generate: () => segwitAddress(hrp, randomBytes(20)),
    isValid: (a: string) => decodeSegwit(hrp, a) !== undefined || isBase58Check(a, base58),
    generatedPrefix: `${hrp}1q`,
  });
  return {
    mainnet: format(networks.mainnet),
    test: format(networks.test),
    toTest: (address: string) => reencodeSegwit(networks.mainnet.hrp, networks.test.hrp, address),
  } satisfies CoinAddresses;
}

const ethereumFormat: AddressFormat = {
  network: 'Ethereum (ERC-20)',
  generate: () => toChecksumAddress(hex(randomBytes(20))),
  isValid: isEthereumAddress,
  generatedPrefix: '0x',
};
const ethereum: CoinAddresses = { mainnet: ethereumFormat, test: ethereumFormat, toTest: () => undefined };

const monero = (name: string, prefixes: MoneroPrefixes, generatedPrefix: string): AddressFormat => ({
  network: name,
  generate: () => moneroAddress(prefixes.standard, randomBytes(64)),
  isValid: isMoneroAddress(prefixes),
  generatedPrefix,
});

const COINS: Record<string, CoinAddresses> = {
  // Regtest, not testnet: the simulated chain is a private chain whose blocks we make on demand, which is
  // what regtest is; a testnet address would invite coins from a public test network (decision 0047).
  BTC: bitcoinLike({
    mainnet: { name: 'Bitcoin', hrp: 'bc', base58: [0x00, 0x05] },
    test: { name: 'Bitcoin regtest', hrp: 'bcrt', base58: [0x6f, 0xc4] },
  }),
  // Litecoin Core's chainparams: regtest HRP `rltc`, base58 versions 111, 196 and 58 (Q...).
  LTC: bitcoinLike({
    mainnet: { name: 'Litecoin', hrp: 'ltc', base58: [0x30, 0x32, 0x05] },
    test: { name: 'Litecoin regtest', hrp: 'rltc', base58: [0x6f, 0xc4, 0x3a] },
  }),
  ETH: ethereum,
  USDT: ethereum,
  USDC: ethereum,
  // Monero has no regtest address form (its regtest mode uses mainnet's): stagenet is the public test
  // network Monero recommends to wallet and service developers.
  XMR: {
    // The first base58 character follows from the prefix byte alone: 18 gives "4", 24 gives "5".
    mainnet: monero('Monero', XMR_MAINNET, '4'),
    test: monero('Monero stagenet', XMR_STAGENET, '5'),
    toTest: (address) => reprefixMonero(XMR_MAINNET, XMR_STAGENET, address),
  },
};

/** The coins that have address formats here: every coin the simulated chain serves. */
export const ADDRESS_COINS: readonly string[] = Object.keys(COINS);

export const supportsCoin = (code: string): boolean => code in COINS;

function coinAddresses(code: string): CoinAddresses {
  const coin = COINS[code];
  if (!coin) throw new Error(`no address format for ${code}`);
  return coin;
}

export const addressFormat = (code: string, network: AddressNetwork): AddressFormat =>
  coinAddresses(code)[network];

export const isValidAddress = (code: string, address: string, network: AddressNetwork): boolean =>
  supportsCoin(code) && addressFormat(code, network).isValid(address.trim());

/**
 * A mainnet address of `code` rewritten for its test network over the same key (segwit program, Monero
 * keys), checksum computed anew; undefined for anything else (already a test address, a form without a
 * counterpart, a coin without a test form).
 */
export const testFormOf = (code: string, address: string): string | undefined =>
  supportsCoin(code) && isValidAddress(code, address, 'mainnet')
    ? coinAddresses(code).toTest(address)
    : undefined;

/** Whether the coin's test network has an address form of its own (not Ethereum's 0x...). */
export const hasTestForm = (code: string): boolean =>
  supportsCoin(code) && addressFormat(code, 'mainnet') !== addressFormat(code, 'test');
