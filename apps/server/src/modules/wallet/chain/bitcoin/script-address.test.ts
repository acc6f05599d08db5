import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bech32, bech32m } from '@scure/base';
import { addressOfScript, canonicalAddress, scriptOfAddress, segwitAddress } from './script-address.js';
import { bitcoinNetwork } from './networks.js';

const MAINNET = bitcoinNetwork('BTC', 'mainnet');
const LTC = bitcoinNetwork('LTC', 'mainnet');

describe('output scripts and addresses', () => {
  it("should write segwit addresses exactly as @scure/base's bech32 and bech32m encoders", () => {
    for (let i = 0; i < 300; i += 1) {
      const program = randomBytes(i % 2 === 0 ? 20 : 32);
      const hrp = ['bc', 'tb', 'bcrt', 'ltc', 'rltc'][i % 5]!;
      expect(segwitAddress(hrp, 0, program)).toBe(bech32.encode(hrp, [0, ...bech32.toWords(program)], 90));
      expect(segwitAddress(hrp, 1, program)).toBe(bech32m.encode(hrp, [1, ...bech32m.toWords(program)], 90));
    }
  });

  it('should turn each standard script into its address and back (BIP-173/350 and base58 vectors)', () => {
    for (const address of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    ]) {
      expect(addressOfScript(scriptOfAddress(address, MAINNET)!, MAINNET)).toBe(address);
    }
    // Upper-case bech32 is the same address; its canonical form is lower case.
    expect(canonicalAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', MAINNET)).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(addressOfScript(Uint8Array.of(0x6a, 0x01, 0x00), MAINNET)).toBeNull();
    expect(canonicalAddress('ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea', LTC)).toBe(
      'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
    );
  });
});
