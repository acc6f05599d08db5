import { readFileSync } from 'node:fs';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { EvmChainConfig } from '../../../../platform/config.js';

/**
 * The hot wallet's key (decision 0059): from EVM_HOT_WALLET_KEY or the file EVM_HOT_WALLET_KEY_FILE names,
 * never the database. It signs withdrawals and sweeps and the EIP-191 proof of reserves. The error says
 * what is wrong without ever echoing the key.
 */
export class EvmKeyError extends Error {}

export function loadHotWalletKey(
  config: Pick<EvmChainConfig, 'hotWalletKey' | 'hotWalletKeyFile'>,
): PrivateKeyAccount {
  if (config.hotWalletKey && config.hotWalletKeyFile) {
    throw new EvmKeyError('Set EVM_HOT_WALLET_KEY or EVM_HOT_WALLET_KEY_FILE, not both.');
  }
  let raw = config.hotWalletKey;
  if (config.hotWalletKeyFile) {
    try {
      raw = readFileSync(config.hotWalletKeyFile, 'utf8');
    } catch (error) {
      throw new EvmKeyError(
        `EVM_HOT_WALLET_KEY_FILE: cannot read ${config.hotWalletKeyFile} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      );
    }
  }
  if (!raw) throw new EvmKeyError('The EVM hot wallet needs EVM_HOT_WALLET_KEY or EVM_HOT_WALLET_KEY_FILE.');
  const key = raw.trim();
  const normalised = key.startsWith('0x') ? key : `0x${key}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(normalised)) {
    throw new EvmKeyError(
      'The EVM hot wallet key must be 32 bytes of hex (64 hex digits, optionally 0x-prefixed).',
    );
  }
  try {
    return privateKeyToAccount(normalised as `0x${string}`);
  } catch {
    throw new EvmKeyError('The EVM hot wallet key is not a valid secp256k1 private key.');
  }
}
