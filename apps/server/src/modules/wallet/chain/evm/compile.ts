import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import solc from 'solc';

/**
 * Compiles the EVM contracts with the `solc` npm package (its compiler is bundled as JavaScript, nothing
 * is downloaded) into `artifacts.json`, the ABI and bytecode the server deploys and reads at run time
 * (decision 0059). `artifacts.test.ts` recompiles and compares, so the committed bytecode is always this
 * source's. Run: `npm run contracts:compile -w @app/server`.
 */

export const CONTRACTS_DIR = fileURLToPath(new URL('../../../../../contracts', import.meta.url));
export const ARTIFACTS_PATH = path.join(CONTRACTS_DIR, 'artifacts.json');
const SOURCES = ['Forwarder.sol', 'TestTokens.sol'];

export type Artifact = { abi: unknown[]; bytecode: `0x${string}` };
export type Artifacts = { compiler: string; settings: unknown; contracts: Record<string, Artifact> };

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};

export function compileContracts(): Artifacts {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      SOURCES.map((file) => [file, { content: readFileSync(path.join(CONTRACTS_DIR, file), 'utf8') }]),
    ),
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contracts: Record<string, Artifact> = {};
  for (const file of SOURCES) {
    for (const [name, contract] of Object.entries(output.contracts[file] ?? {})) {
      contracts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    }
  }
  return { compiler: solc.version(), settings: SETTINGS, contracts };
}

export const formatArtifacts = (artifacts: Artifacts) => `${JSON.stringify(artifacts, null, 2)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ARTIFACTS_PATH, formatArtifacts(compileContracts()));
  console.log(`wrote ${ARTIFACTS_PATH}`);
}
