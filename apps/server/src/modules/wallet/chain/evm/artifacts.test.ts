import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_PATH, compileContracts, formatArtifacts } from './compile.js';

/**
 * The ABI and bytecode the server deploys (apps/server/contracts/artifacts.json) are exactly what the
 * Solidity source beside them compiles to with solc from npm: never a binary of unknown origin (0059).
 */
describe('EVM contract artifacts', () => {
  it('should equal a fresh compilation of the source', () => {
    const fresh = compileContracts();
    expect(readFileSync(ARTIFACTS_PATH, 'utf8')).toBe(formatArtifacts(fresh));
    expect(Object.keys(fresh.contracts).sort()).toEqual([
      'Forwarder',
      'ForwarderFactory',
      'TestUsdc',
      'TestUsdt',
    ]);
    expect(fresh.compiler).toMatch(/^0\.8\.30\+commit\./);
  }, 120_000);
});
