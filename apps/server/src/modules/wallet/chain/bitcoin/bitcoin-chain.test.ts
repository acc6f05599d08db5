import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { BitcoinChain, SentByBatcherError } from './bitcoin-chain.js';
import { descriptorFor } from './descriptor.js';
import { bitcoinNetwork, type BitcoinCoin, type BitcoinNetworkName } from './networks.js';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const SEED = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
const TPUB = HDKey.fromMasterSeed(SEED, { public: 0x043587cf, private: 0x04358394 }).derive(
  "m/84'/1'/0'",
).publicExtendedKey;
const XPUB = HDKey.fromMasterSeed(SEED).derive("m/84'/2'/0'").publicExtendedKey;

// Published addresses of each network, every standard type (BIP-173/350 vectors, Bitcoin Core and Litecoin
// Core wallets; the same list addresses.test.ts checks).
const ADDRESSES: Record<BitcoinCoin, Partial<Record<BitcoinNetworkName, string[]>>> = {
  BTC: {
    mainnet: [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // P2PKH
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // P2WPKH
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // P2WSH
      'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', // P2TR (BIP-86)
    ],
    testnet: [
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
    ],
    regtest: ['bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
  },
  LTC: {
    mainnet: ['ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
    regtest: ['rltc1qlkp8904tzjyd8qwzjl550k040qz08ulaeajgcn', 'rltc1qj08ys4ct2hzzc2hcz6h2hgrvlmsjynawf4nr3r'],
  },
};

const chainOn = (btc: BitcoinNetworkName, ltc: BitcoinNetworkName = btc) =>
  new BitcoinChain(
    {
      BTC: {
        network: bitcoinNetwork('BTC', btc),
        deposits: descriptorFor(`wpkh(${btc === 'mainnet' ? ZPUB : TPUB}/0/*)`, bitcoinNetwork('BTC', btc)),
      },
      LTC: {
        network: bitcoinNetwork('LTC', ltc),
        deposits: descriptorFor(`wpkh(${ltc === 'mainnet' ? XPUB : TPUB}/0/*)`, bitcoinNetwork('LTC', ltc)),
      },
    },
    { LTC: 6 },
  );

describe('the Bitcoin and Litecoin chain adapter', () => {
  it('should accept every standard address type of its network only, checksums verified', () => {
    const mainnet = new BitcoinChain({
      BTC: {
        network: bitcoinNetwork('BTC', 'mainnet'),
        deposits: descriptorFor(`wpkh(${ZPUB}/0/*)`, bitcoinNetwork('BTC', 'mainnet')),
      },
    });
    for (const address of ADDRESSES.BTC.mainnet!) expect(mainnet.isValidAddress('BTC', address)).toBe(true);
    for (const address of [...ADDRESSES.BTC.testnet!, ...ADDRESSES.BTC.regtest!, ...ADDRESSES.LTC.mainnet!]) {
      expect(mainnet.isValidAddress('BTC', address)).toBe(false);
    }
    // One character changed: the checksum catches it.
    expect(mainnet.isValidAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(mainnet.isValidAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(mainnet.isValidAddress('LTC', ADDRESSES.LTC.mainnet![0]!)).toBe(false); // LTC not served here
    const regtest = chainOn('regtest');
    for (const address of ADDRESSES.BTC.regtest!) expect(regtest.isValidAddress('BTC', address)).toBe(true);
    for (const address of ADDRESSES.LTC.regtest!) expect(regtest.isValidAddress('LTC', address)).toBe(true);
    expect(regtest.isValidAddress('BTC', ADDRESSES.BTC.mainnet![2]!)).toBe(false);
    expect(chainOn('testnet').isValidAddress('BTC', ADDRESSES.BTC.testnet![1]!)).toBe(true);
  });

  it('should name the network an address of another network belongs to', () => {
    const mainnet = chainOn('mainnet');
    expect(mainnet.otherNetworkOf('BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(
      'Bitcoin testnet',
    );
    expect(mainnet.otherNetworkOf('BTC', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe(
      'Bitcoin regtest',
    );
    expect(mainnet.otherNetworkOf('BTC', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea')).toBe('Litecoin');
    expect(mainnet.otherNetworkOf('LTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe('Bitcoin');
    expect(mainnet.otherNetworkOf('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeNull();
    expect(mainnet.otherNetworkOf('BTC', 'hello')).toBeNull();
    expect(chainOn('regtest').otherNetworkOf('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe('Bitcoin');
  });

  it('should derive deposit addresses by index, list no simulated coin, and never send by itself', async () => {
    const mainnet = chainOn('mainnet');
    expect(mainnet.newDepositAddress('BTC', 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(mainnet.newDepositAddress('BTC', 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(mainnet.newDepositAddress('LTC', 0)).toMatch(/^ltc1q/);
    expect(chainOn('regtest').newDepositAddress('BTC', 7)).toMatch(/^bcrt1q/);
    expect(mainnet.simulatedCoins).toEqual([]);
    expect(mainnet.network('BTC')).toBe('Bitcoin');
    expect(mainnet.supports('BTC') && !mainnet.supports('ETH')).toBe(true);
    expect(mainnet.requiredConfirmations('BTC')).toBe(2);
    expect(mainnet.requiredConfirmations('LTC')).toBe(6);
    await expect(
      mainnet.broadcast({ coin: 'BTC', address: ADDRESSES.BTC.mainnet![0]!, amount: 1000n }),
    ).rejects.toThrow(SentByBatcherError);
    await expect(mainnet.broadcast({ coin: 'BTC', address: 'x', amount: 1n })).rejects.toThrow(
      /withdrawal batcher/,
    );
    expect(() => mainnet.newTxid('BTC')).toThrow(/real network/);
  });
});
