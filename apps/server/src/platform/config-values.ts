import { z } from 'zod';

/** Small readers the configuration's parts share (config.ts, config-chain.ts). */

/** `true`, `1` or `yes` (and their opposites) from an environment variable. */
export const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Stops the start with every invalid setting named (main.ts prints it). */
export class ConfigError extends Error {}

export const list = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Reads `BTC:0.1,ETH:2` into `{ BTC: '0.1', ETH: '2' }`, naming the variable on a malformed pair. */
export function coinMap(value: string, name: string, valuePattern: RegExp): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of list(value)) {
    const [code, amount] = pair.split(':').map((part) => part.trim());
    if (!code || !amount || !/^[A-Za-z]{2,10}$/.test(code) || !valuePattern.test(amount)) {
      throw new ConfigError(`Invalid configuration:\n  ${name}: "${pair}" is not CODE:VALUE`);
    }
    result[code.toUpperCase()] = amount;
  }
  return result;
}
