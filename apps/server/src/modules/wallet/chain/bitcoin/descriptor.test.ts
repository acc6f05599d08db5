import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { descriptorChecksum, descriptorFor, DescriptorError, parseDescriptor } from './descriptor.js';
import { bitcoinNetwork } from './networks.js';

const BTC = bitcoinNetwork('BTC', 'mainnet');
const BTC_REGTEST = bitcoinNetwork('BTC', 'regtest');
const LTC = bitcoinNetwork('LTC', 'mainnet');

// BIP-84's test vectors: the mnemonic "abandon ... about", account 0.
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

// BIP-32 test vector 1 (seed 000102...0f).
const V1_SEED = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
const V1 = {
  "m/0'/1/2'":
    'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
  "m/0'/1/2'/2":
    'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
  "m/0'/1/2'/2/1000000000":
    'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
};

describe('output descriptors (BIP-380) for deposit addresses', () => {
  it('should compute the BIP-380 checksum of the BIP and Bitcoin Core examples', () => {
    expect(descriptorChecksum('raw(deadbeef)')).toBe('89f8spxm');
    expect(
      descriptorChecksum(
        'wpkh([d34db33f/84h/0h/0h]xpub6DJ2dNUysrn5Vt36jH2KLBT2i1auw1tTSSomg8PhqNiUtx8QX2SvC9nrHu81fT41fvDUnhMjEzQgXnQjKEu3oaqMSzhSrHMxyyoEAmUHQbY/0/*)',
      ),
    ).toBe('cjjspncu');
  });

  it('should derive the BIP-84 vectors from the account zpub (and the zpub from the mnemonic)', () => {
    const account = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/84'/0'/0'");
    const zpubVersions = { public: 0x04b24746, private: 0x04b2430c };
    const zpub = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC), zpubVersions).derive("m/84'/0'/0'");
    const fromVector = descriptorFor(`wpkh([73c5da0a/84'/0'/0']${BIP84_ZPUB}/0/*)`, BTC);
    expect(Buffer.from(fromVector.publicKeyAt(0))).toEqual(
      Buffer.from(account.deriveChild(0).deriveChild(0).publicKey!),
    );
    expect(zpub.publicExtendedKey).toBe(BIP84_ZPUB);
    expect(fromVector.addressAt(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(fromVector.addressAt(1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    const change = descriptorFor(`wpkh(${BIP84_ZPUB}/1/*)`, BTC);
    expect(change.addressAt(0)).toBe('bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el');
    // The same key written as a plain xpub (what Bitcoin Core's descriptors use) gives the same addresses.
    expect(descriptorFor(`wpkh(${account.publicExtendedKey}/0/*)`, BTC).addressAt(0)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
  });

  it('should derive BIP-32 test vector 1 from its public keys alone', () => {
    const master = HDKey.fromMasterSeed(V1_SEED);
    expect(master.derive("m/0'/1/2'").publicExtendedKey).toBe(V1["m/0'/1/2'"]);
    const deriver = descriptorFor(`wpkh(${V1["m/0'/1/2'"]}/2/*)`, BTC);
    expect(Buffer.from(deriver.publicKeyAt(1_000_000_000))).toEqual(
      Buffer.from(HDKey.fromExtendedKey(V1["m/0'/1/2'/2/1000000000"]).publicKey!),
    );
    expect(Buffer.from(descriptorFor(`pkh(${V1["m/0'/1/2'"]}/*)`, BTC).publicKeyAt(2))).toEqual(
      Buffer.from(HDKey.fromExtendedKey(V1["m/0'/1/2'/2"]).publicKey!),
    );
  });

  it('should make the other script types and the test networks', () => {
    const account = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));
    // BIP-49 (sh(wpkh)) and BIP-86 (tr) first receive addresses of the same mnemonic.
    const bip49 = account.derive("m/49'/0'/0'").publicExtendedKey;
    expect(descriptorFor(`sh(wpkh(${bip49}/0/*))`, BTC).addressAt(0)).toBe(
      '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf',
    );
    const bip86 = account.derive("m/86'/0'/0'").publicExtendedKey;
    expect(descriptorFor(`tr(${bip86}/0/*)`, BTC).addressAt(0)).toBe(
      'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    );
    const bip44 = account.derive("m/44'/0'/0'").publicExtendedKey;
    expect(descriptorFor(`pkh(${bip44}/0/*)`, BTC).addressAt(0)).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
    // A tpub on regtest gives bcrt1q..., on Litecoin an xpub gives ltc1q...
    const tpub = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC), {
      public: 0x043587cf,
      private: 0x04358394,
    }).derive("m/84'/1'/0'").publicExtendedKey;
    expect(tpub.startsWith('tpub')).toBe(true);
    expect(descriptorFor(`wpkh(${tpub}/0/*)`, BTC_REGTEST).addressAt(0)).toMatch(/^bcrt1q/);
    // BIP-84's testnet vector, first receive address, under regtest's prefix.
    expect(descriptorFor(`wpkh(${tpub}/0/*)`, bitcoinNetwork('BTC', 'testnet')).addressAt(0)).toBe(
      'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
    );
    const ltcAccount = account.derive("m/84'/2'/0'").publicExtendedKey;
    expect(descriptorFor(`wpkh(${ltcAccount}/0/*)`, LTC).addressAt(0)).toMatch(/^ltc1q[02-9ac-hj-np-z]{38}$/);
  });

  it('should accept a correct checksum and refuse a wrong one', () => {
    const text = `wpkh([73c5da0a/84'/0'/0']${BIP84_ZPUB}/0/*)`;
    const sum = descriptorChecksum(text)!;
    expect(parseDescriptor(`${text}#${sum}`, BTC).checksum).toBe(sum);
    const wrong = sum.slice(0, 7) + (sum[7] === 'q' ? 'p' : 'q');
    expect(() => parseDescriptor(`${text}#${wrong}`, BTC)).toThrow(/checksum #\w+ does not match/);
  });

  const refusals: [string, string, RegExp][] = [
    ['an xprv', `wpkh(${HDKey.fromMasterSeed(V1_SEED).privateExtendedKey}/0/*)`, /PRIVATE key \(xprv\)/],
    ['a WIF key', 'wpkh(L4rK1yDtCWekvXuE6oXD9jCYfFNV2cWRpVuPLBcCU2z8TrisoyY1)', /private key/],
    [
      'a single public key',
      'wpkh(03a34b99f22c790c4e36b2b3c2c35a36db06226e41c692fc82b8b56ac1c540c5bd)',
      /not ranged/,
    ],
    ['a key without *', `wpkh(${BIP84_ZPUB}/0/0)`, /not ranged/],
    ['a hardened range', `wpkh(${BIP84_ZPUB}/0/*')`, /hardened range/],
    ['a hardened step', `wpkh(${BIP84_ZPUB}/0'/*)`, /hardened/],
    ['a script type we do not derive', `wsh(pk(${BIP84_ZPUB}/0/*))`, /Unsupported descriptor/],
  ];
  it.each(refusals)('should refuse %s', (_name, text, message) => {
    expect(() => parseDescriptor(text, BTC)).toThrow(DescriptorError);
    expect(() => parseDescriptor(text, BTC)).toThrow(message);
  });

  it('should refuse a key of another network', () => {
    const tpub = HDKey.fromMasterSeed(V1_SEED, { public: 0x043587cf, private: 0x04358394 }).publicExtendedKey;
    expect(() => parseDescriptor(`wpkh(${tpub}/0/*)`, BTC)).toThrow(/a tpub .*not a key of BTC mainnet/);
    expect(() => parseDescriptor(`wpkh(${V1["m/0'/1/2'"]}/0/*)`, BTC_REGTEST)).toThrow(
      /a xpub \(BTC mainnet, LTC mainnet\), not a key of BTC regtest/,
    );
    expect(() => parseDescriptor(`wpkh(${BIP84_ZPUB}/0/*)`, LTC)).toThrow(/zpub .*not a key of LTC mainnet/);
  });
});
