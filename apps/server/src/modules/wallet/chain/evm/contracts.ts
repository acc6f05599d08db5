import { readFileSync } from 'node:fs';
import {
  getContractAddress,
  keccak256,
  numberToHex,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';

/**
 * The compiled contracts (apps/server/contracts/artifacts.json, built from the Solidity source beside it
 * by `npm run contracts:compile`; artifacts.test.ts proves the two match) and what the server computes
 * from them: the CREATE2 address of a user's forwarder, known before it is deployed (decision 0059).
 */
type Artifact = { abi: Abi; bytecode: Hex };
const artifacts = JSON.parse(
  readFileSync(new URL('../../../../../contracts/artifacts.json', import.meta.url), 'utf8'),
) as { contracts: Record<string, Artifact> };

export const contractArtifact = (name: string): Artifact => {
  const artifact = artifacts.contracts[name];
  if (!artifact) throw new Error(`no compiled contract ${name}`);
  return artifact;
};

export const factoryArtifact = contractArtifact('ForwarderFactory');
export const forwarderArtifact = contractArtifact('Forwarder');
/** keccak256 of the forwarder's init code: the same for every forwarder (its constructor takes nothing). */
export const FORWARDER_INIT_CODE_HASH = keccak256(forwarderArtifact.bytecode);

export const factoryAbi = [
  {
    type: 'function',
    name: 'sweep',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'index', type: 'uint256' },
      { name: 'tokens', type: 'address[]' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'hotWallet',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'address' }],
  },
  {
    type: 'function',
    name: 'forwarderAddress',
    stateMutability: 'view',
    inputs: [{ name: 'index', type: 'uint256' }],
    outputs: [{ name: '', type: 'address' }],
  },
] as const;

/** The deposit address of the user whose EVM index is `index`: checksummed, deployed or not. */
export function forwarderAddress(factory: Address, index: number): Address {
  if (!Number.isSafeInteger(index) || index < 0) throw new Error(`invalid forwarder index ${index}`);
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: numberToHex(index, { size: 32 }),
    bytecodeHash: FORWARDER_INIT_CODE_HASH,
  });
}

/**
 * Deploys a ForwarderFactory whose forwarders pay `hotWallet` only; returns its address once mined. The
 * operator runs it once (`npm run admin -- evm:deploy-factory`) and sets EVM_FORWARDER_FACTORY.
 */
export async function deployForwarderFactory(
  wallet: WalletClient<Transport, Chain | undefined, Account>,
  publicClient: PublicClient,
  hotWallet: Address,
): Promise<Address> {
  const hash = await wallet.deployContract({
    abi: factoryArtifact.abi,
    bytecode: factoryArtifact.bytecode,
    args: [hotWallet],
    chain: wallet.chain ?? null,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (!receipt.contractAddress || receipt.status !== 'success') throw new Error('factory deployment failed');
  return receipt.contractAddress;
}
