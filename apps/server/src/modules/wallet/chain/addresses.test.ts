import { describe, expect, it } from 'vitest';
import { addressFormat, isValidAddress, toChecksumAddress } from './addresses.js';

describe('address formats', () => {
  it.each(['BTC', 'LTC', 'ETH', 'USDT', 'USDC', 'XMR'])(
    'should generate %s addresses that validate',
    (code) => {
      for (let i = 0; i < 20; i += 1) {
        const address = addressFormat(code).generate();
        expect(isValidAddress(code, address), address).toBe(true);
      }
    },
  );

  it('should accept well-known real addresses', () => {
    // BIP-173 / BIP-350 test vectors and widely published addresses.
    expect(isValidAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isValidAddress('BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(
      true,
    );
    expect(isValidAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(isValidAddress('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isValidAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidAddress('ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(
      isValidAddress(
        'XMR',
        '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
      ),
    ).toBe(true);
  });

  it('should catch typos through the checksum', () => {
    expect(isValidAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isValidAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(isValidAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(
      isValidAddress(
        'XMR',
        '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3B',
      ),
    ).toBe(false);
  });

  it('should refuse an address of another coin or garbage', () => {
    expect(isValidAddress('BTC', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidAddress('ETH', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    expect(isValidAddress('LTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    expect(isValidAddress('BTC', '')).toBe(false);
    expect(isValidAddress('DOGE', 'D8vFz4p1L37jdg47HXKtSHA5uYLYxbGgPD')).toBe(false);
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
