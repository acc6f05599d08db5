import { createHash, randomBytes } from 'node:crypto';
import { bech32, bech32m } from 'bech32';
import bs58 from 'bs58';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Address formats per coin: generation (for the simulated chain's deposit addresses) and validation
 * (for withdrawals to an external address). Checksums are verified, so a typo is caught before money
 * leaves: bech32/bech32m and base58check for Bitcoin and Litecoin, EIP-55 for Ethereum tokens, and
 * Monero's own base58 with a Keccak checksum.
 */

const sha256d = (data: Uint8Array) =>
  createHash('sha256').update(createHash('sha256').update(data).digest()).digest();

// --- bech32 segwit (BIP-173 / BIP-350) --------------------------------------------------------------------

function segwitAddress(hrp: string, program: Uint8Array): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(program)]);
}

function isSegwitAddress(hrp: string, address: string): boolean {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return false;
  if (!lower.startsWith(`${hrp}1`)) return false;
  for (const codec of [bech32, bech32m]) {
    const decoded = codec.decodeUnsafe(lower, 90);
    if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) continue;
    const [version, ...words] = decoded.words;
    const program = codec.fromWordsUnsafe(words);
    if (!program || version === undefined || version > 16) continue;
    // Version 0 uses bech32 with a 20- or 32-byte program; versions 1+ use bech32m (BIP-350).
    if (version === 0 && codec === bech32 && (program.length === 20 || program.length === 32)) return true;
    if (version > 0 && codec === bech32m && program.length >= 2 && program.length <= 40) return true;
  }
  return false;
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

/** Mainnet standard (18) and subaddress (42) prefixes. */
const XMR_PREFIXES = [18, 42];

function moneroAddress(prefix: number, keys: Uint8Array): string {
  const payload = Uint8Array.from([prefix, ...keys]);
  const checksum = keccak_256(payload).subarray(0, 4);
  return xmrEncode(Uint8Array.from([...payload, ...checksum]));
}

function isMoneroAddress(address: string): boolean {
  if (address.length !== 95) return false;
  const bytes = xmrDecode(address);
  if (!bytes || bytes.length !== 69 || !XMR_PREFIXES.includes(bytes[0]!)) return false;
  const checksum = keccak_256(bytes.subarray(0, 65)).subarray(0, 4);
  return Buffer.compare(Buffer.from(checksum), Buffer.from(bytes.subarray(65))) === 0;
}

// --- per coin ---------------------------------------------------------------------------------------------

type AddressFormat = { network: string; generate(): string; isValid(address: string): boolean };

const ethereum: AddressFormat = {
  network: 'Ethereum (ERC-20)',
  generate: () => toChecksumAddress(hex(randomBytes(20))),
  isValid: isEthereumAddress,
};

const FORMATS: Record<string, AddressFormat> = {
  BTC: {
    network: 'Bitcoin',
    generate: () => segwitAddress('bc', randomBytes(20)),
    isValid: (a) => isSegwitAddress('bc', a) || isBase58Check(a, [0x00, 0x05]),
  },
  LTC: {
    network: 'Litecoin',
    generate: () => segwitAddress('ltc', randomBytes(20)),
    isValid: (a) => isSegwitAddress('ltc', a) || isBase58Check(a, [0x30, 0x32, 0x05]),
  },
  ETH: ethereum,
  USDT: ethereum,
  USDC: ethereum,
  XMR: {
    network: 'Monero',
    generate: () => moneroAddress(18, randomBytes(64)),
    isValid: isMoneroAddress,
  },
};

export const supportsCoin = (code: string): boolean => code in FORMATS;

export function addressFormat(code: string): AddressFormat {
  const format = FORMATS[code];
  if (!format) throw new Error(`no address format for ${code}`);
  return format;
}

export const isValidAddress = (code: string, address: string): boolean =>
  supportsCoin(code) && addressFormat(code).isValid(address.trim());
