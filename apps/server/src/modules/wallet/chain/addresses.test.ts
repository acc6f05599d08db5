import { bech32 } from 'bech32';
import { describe, expect, it } from 'vitest';
import {
  addressFormat,
  hasTestForm,
  isValidAddress,
  testFormOf,
  toChecksumAddress,
  type AddressNetwork,
} from './addresses.js';

const COINS = ['BTC', 'LTC', 'ETH', 'USDT', 'USDC', 'XMR'];

// Published addresses, made by other software (the BIPs, Bitcoin Core and Litecoin Core regtest wallets,
// Monero wallets): our checksums must agree with theirs on both networks.
const MAINNET = {
  BTC: [
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // BIP-173
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // BIP-350
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  ],
  LTC: ['ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
  XMR: [
    '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
    '44Ato7HveWidJYUAVw5QffEcEtSH1DwzSP3FPPkHxNAS4LX9CqgucphTisH978FLHE34YNEx7FcbBfQLQUU8m3NUC4VqsRa',
  ],
};
const TEST = {
  BTC: [
    'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', // BIP-173's program under regtest's HRP
    'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', // regtest/testnet P2PKH
    '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', // regtest/testnet P2SH
  ],
  LTC: ['rltc1qlkp8904tzjyd8qwzjl550k040qz08ulaeajgcn', 'rltc1qj08ys4ct2hzzc2hcz6h2hgrvlmsjynawf4nr3r'],
  XMR: ['53gEuGZUhP9JMEBZoGaFNzhwEgiG7hwQdMCqFxiyiTeFPmkbt1mAoNybEUvYBKHcnrSgxnVWgZsTvRBaHBNXPa8tHiCU51a'],
};

describe('address formats', () => {
  it.each(COINS.flatMap((code) => (['mainnet', 'test'] as const).map((network) => [code, network])))(
    'should generate %s %s addresses that validate there',
    (code, network) => {
      for (let i = 0; i < 20; i += 1) {
        const address = addressFormat(code, network as AddressNetwork).generate();
        expect(isValidAddress(code, address, network as AddressNetwork), address).toBe(true);
      }
    },
  );

  it('should generate the simulated chain its test-network forms, which the main networks refuse', () => {
    const prefixes = { BTC: /^bcrt1q/, LTC: /^rltc1q/, XMR: /^5/ };
    for (const [code, prefix] of Object.entries(prefixes)) {
      for (let i = 0; i < 20; i += 1) {
        const address = addressFormat(code, 'test').generate();
        expect(address).toMatch(prefix);
        expect(address.startsWith(addressFormat(code, 'test').generatedPrefix)).toBe(true);
        expect(isValidAddress(code, address, 'mainnet'), address).toBe(false);
      }
    }
    expect(addressFormat('BTC', 'test').network).toBe('Bitcoin regtest');
    expect(addressFormat('LTC', 'test').network).toBe('Litecoin regtest');
    expect(addressFormat('XMR', 'test').network).toBe('Monero stagenet');
    // Ethereum has no test format: the same 0x... both ways, the demo notice carries the safety.
    expect(addressFormat('ETH', 'test')).toBe(addressFormat('ETH', 'mainnet'));
    expect(COINS.filter(hasTestForm)).toEqual(['BTC', 'LTC', 'XMR']);
  });

  it('should make bech32 test addresses with the regtest HRP and a valid checksum', () => {
    for (const [code, hrp] of [
      ['BTC', 'bcrt'],
      ['LTC', 'rltc'],
    ] as const) {
      const address = addressFormat(code, 'test').generate();
      // Decoded by the bech32 library itself: a wrong checksum or HRP would throw here.
      const decoded = bech32.decode(address);
      expect(decoded.prefix).toBe(hrp);
      expect(decoded.words[0]).toBe(0);
      expect(bech32.fromWords(decoded.words.slice(1))).toHaveLength(20);
    }
  });

  it('should accept addresses other software made, each on its own network only', () => {
    for (const [code, addresses] of Object.entries(MAINNET)) {
      for (const address of addresses) {
        expect(isValidAddress(code, address, 'mainnet'), address).toBe(true);
        expect(isValidAddress(code, address, 'test'), address).toBe(false);
      }
    }
    for (const [code, addresses] of Object.entries(TEST)) {
      for (const address of addresses) {
        expect(isValidAddress(code, address, 'test'), address).toBe(true);
        expect(isValidAddress(code, address, 'mainnet'), address).toBe(false);
      }
    }
    // Testnet's bech32 HRP is not regtest's: the simulated chain takes what a regtest node takes.
    expect(isValidAddress('BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'test')).toBe(false);
    for (const network of ['mainnet', 'test'] as const) {
      expect(isValidAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', network)).toBe(true);
      expect(isValidAddress('ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', network)).toBe(true);
    }
  });

  it('should catch typos through the checksum', () => {
    expect(isValidAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'mainnet')).toBe(false);
    expect(isValidAddress('BTC', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt081', 'test')).toBe(false);
    expect(isValidAddress('BTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfo', 'test')).toBe(false);
    expect(isValidAddress('LTC', 'rltc1qlkp8904tzjyd8qwzjl550k040qz08ulaeajgcm', 'test')).toBe(false);
    expect(isValidAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'mainnet')).toBe(false);
    expect(isValidAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'test')).toBe(false);
    expect(
      isValidAddress(
        'XMR',
        '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3B',
        'mainnet',
      ),
    ).toBe(false);
    expect(
      isValidAddress(
        'XMR',
        '53gEuGZUhP9JMEBZoGaFNzhwEgiG7hwQdMCqFxiyiTeFPmkbt1mAoNybEUvYBKHcnrSgxnVWgZsTvRBaHBNXPa8tHiCU51b',
        'test',
      ),
    ).toBe(false);
  });

  it('should refuse an address of another coin or garbage', () => {
    for (const network of ['mainnet', 'test'] as const) {
      expect(isValidAddress('BTC', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', network)).toBe(false);
      expect(isValidAddress('ETH', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', network)).toBe(false);
      expect(isValidAddress('LTC', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', network)).toBe(false);
      expect(isValidAddress('BTC', '', network)).toBe(false);
      expect(isValidAddress('DOGE', 'D8vFz4p1L37jdg47HXKtSHA5uYLYxbGgPD', network)).toBe(false);
    }
  });

  it('should rewrite a mainnet address into its test form over the same key', () => {
    // BIP-173's program, and the published Monero pair's keys under stagenet's prefix.
    expect(testFormOf('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(
      'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
    );
    const taproot = testFormOf('BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')!;
    expect(taproot).toMatch(/^bcrt1p/);
    expect(isValidAddress('BTC', taproot, 'test')).toBe(true);
    for (let i = 0; i < 10; i += 1) {
      for (const code of ['BTC', 'LTC', 'XMR']) {
        const mainnet = addressFormat(code, 'mainnet').generate();
        const test = testFormOf(code, mainnet)!;
        expect(isValidAddress(code, test, 'test'), test).toBe(true);
        if (code !== 'XMR') expect(bech32.decode(test).words).toEqual(bech32.decode(mainnet).words);
      }
    }
    // Monero's base58 works in 8-byte blocks: blocks 1 to 7 hold key bytes only, so they read the same.
    const xmr = testFormOf('XMR', MAINNET.XMR[0]!)!;
    expect(xmr).toMatch(/^5/);
    expect(xmr.slice(11, 88)).toBe(MAINNET.XMR[0]!.slice(11, 88));
    expect(xmr.slice(88)).not.toBe(MAINNET.XMR[0]!.slice(88)); // the checksum is computed anew
    // Nothing to rewrite: a test address, a form without a counterpart, a coin without a test form.
    expect(testFormOf('BTC', TEST.BTC[0]!)).toBeUndefined();
    expect(testFormOf('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBeUndefined();
    expect(testFormOf('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeUndefined();
    expect(testFormOf('BTC', 'not-an-address')).toBeUndefined();
  });

  it('should produce the EIP-55 test vectors', () => {
    for (const address of [
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0xde709f2102306220921060314715629080e2fb77',
      '0x27b1fdb04752bbc536007a920d24acb045561c26',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    ]) {
      const expected = /[a-f]/.test(address.slice(2)) && /[A-F]/.test(address.slice(2)) ? address : undefined;
      if (expected) expect(toChecksumAddress(address.toLowerCase())).toBe(expected);
    }
  });
});
