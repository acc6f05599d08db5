import { describe, expect, it } from 'vitest';
import { bip322MessageHash, signBip322, verifyBip322 } from './bip322.js';
import { hotWalletKey } from './hot-wallet.js';
import { bitcoinNetwork } from './networks.js';

// BIP-322's test vectors (P2WPKH, mainnet).
const WIF = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k';
const ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
const SIGNATURES: Record<string, string> = {
  '': 'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  'Hello World':
    'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
};
const MAINNET = bitcoinNetwork('BTC', 'mainnet');

describe('BIP-322 simple signatures', () => {
  it("should hash messages as the BIP's vectors say", () => {
    expect(Buffer.from(bip322MessageHash('')).toString('hex')).toBe(
      'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1',
    );
    expect(Buffer.from(bip322MessageHash('Hello World')).toString('hex')).toBe(
      'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    );
  });

  it("should verify the BIP's signatures and refuse them for another message or address", () => {
    for (const [message, signature] of Object.entries(SIGNATURES)) {
      expect(verifyBip322(ADDRESS, message, signature, MAINNET)).toBe(true);
      expect(verifyBip322(ADDRESS, `${message}!`, signature, MAINNET)).toBe(false);
      expect(verifyBip322('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', message, signature, MAINNET)).toBe(
        false,
      );
    }
    expect(verifyBip322(ADDRESS, 'Hello World', 'not base64!', MAINNET)).toBe(false);
  });

  it("should sign with the BIP's key a signature the verifier of the BIP's own signatures accepts", () => {
    const key = hotWalletKey(WIF, MAINNET);
    expect(key.address).toBe(ADDRESS);
    for (const message of Object.keys(SIGNATURES)) {
      const signature = signBip322(message, key.privateKey, MAINNET);
      expect(verifyBip322(ADDRESS, message, signature, MAINNET)).toBe(true);
    }
  });
});
