import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  formatEther,
  formatGwei,
  getAddress,
  getContractAddress,
  http,
  isAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Config } from '../../../../platform/config.js';
import { factoryAbi, factoryArtifact } from './contracts.js';
import { EvmKeyError, loadHotWalletKey } from './hot-wallet-key.js';

/**
 * `npm run admin -- evm:deploy-factory` (decision 0059, "Starting safely"): deploys the ForwarderFactory
 * from the committed artifact with the hot wallet's key, so its forwarders pay that key only, and prints
 * the address for EVM_FORWARDER_FACTORY. Deployment is a one-time act the operator runs and verifies; the
 * server never deploys at start. Every refusal is a DeployRefused whose message says what to do.
 */
export class DeployRefused extends Error {}

/** Earlier nonces of the key searched for a factory it already deployed (a lost output, a second run). */
const EARLIER_NONCES_SEARCHED = 20;
/** A receipt not seen after this long: the operator looks the transaction up by its hash. */
const RECEIPT_TIMEOUT_MS = 10 * 60_000;

type Settings = { rpcUrl: string; chainId: number; account: PrivateKeyAccount; factory: Address | null };

function settingsOf(evm: Config['chain']['evm']): Settings {
  const missing = [
    evm.rpcUrl ? null : 'EVM_RPC_URL (the JSON-RPC node)',
    evm.chainId ? null : 'EVM_CHAIN_ID (1 for Ethereum mainnet)',
    evm.hotWalletKey || evm.hotWalletKeyFile ? null : 'EVM_HOT_WALLET_KEY_FILE (or EVM_HOT_WALLET_KEY)',
  ].filter((s): s is string => s !== null);
  if (missing.length > 0) throw new DeployRefused(`Deploying the factory needs ${missing.join(', ')}.`);
  let account: PrivateKeyAccount;
  try {
    account = loadHotWalletKey(evm);
  } catch (error) {
    if (error instanceof EvmKeyError) throw new DeployRefused(error.message);
    throw error;
  }
  let factory: Address | null = null;
  if (evm.forwarderFactory) {
    if (!isAddress(evm.forwarderFactory, { strict: true })) {
      throw new DeployRefused(`EVM_FORWARDER_FACTORY: "${evm.forwarderFactory}" is not a 0x address.`);
    }
    factory = getAddress(evm.forwarderFactory);
  }
  return { rpcUrl: evm.rpcUrl!, chainId: evm.chainId!, account, factory };
}

/** The hot wallet a contract at `address` pays, or null when there is no factory there. */
async function factoryPays(client: PublicClient, address: Address): Promise<Address | null> {
  const code = await client.getCode({ address });
  if (!code || code === '0x') return null;
  try {
    return getAddress(await client.readContract({ address, abi: factoryAbi, functionName: 'hotWallet' }));
  } catch {
    // Code that does not answer hotWallet(): some other contract.
    return null;
  }
}

/** A factory this key deployed earlier that pays it: found by the CREATE addresses of its first nonces. */
async function earlierFactory(client: PublicClient, from: Address, nonce: number): Promise<Address | null> {
  for (let n = 0; n < Math.min(nonce, EARLIER_NONCES_SEARCHED); n += 1) {
    const address = getContractAddress({ from, nonce: BigInt(n) });
    if ((await factoryPays(client, address)) === from) return address;
  }
  return null;
}

const nodeError = (error: unknown) => (error as Error).message.split('\n')[0];

/**
 * Checks the node and the key, then deploys (or finds the factory already there) and returns the report
 * the command prints. Throws DeployRefused, with the reason, for anything the operator must fix first.
 */
export async function deployFactoryFromConfig(config: Pick<Config, 'chain'>): Promise<string> {
  const { rpcUrl, chainId, account, factory } = settingsOf(config.chain.evm);
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }) }) as PublicClient;
  let nodeChainId: number;
  try {
    nodeChainId = await client.getChainId();
  } catch (error) {
    throw new DeployRefused(`EVM_RPC_URL: the node does not answer (${nodeError(error)}).`);
  }
  if (nodeChainId !== chainId) {
    throw new DeployRefused(
      `EVM_CHAIN_ID is ${chainId} but the node at EVM_RPC_URL is on chain ${nodeChainId}: nothing deployed.`,
    );
  }
  const hot = account.address;

  if (factory) {
    const pays = await factoryPays(client, factory);
    if (pays === hot) {
      return (
        `EVM_FORWARDER_FACTORY ${factory} is already deployed on chain ${chainId} and pays this hot wallet ` +
        `(${hot}): nothing to do.`
      );
    }
    if (pays) {
      throw new DeployRefused(
        `EVM_FORWARDER_FACTORY ${factory} pays ${pays}, not this hot wallet (${hot}); the server would refuse ` +
          'to start with it. Check EVM_HOT_WALLET_KEY_FILE, or unset EVM_FORWARDER_FACTORY to deploy a new one.',
      );
    }
    throw new DeployRefused(
      `EVM_FORWARDER_FACTORY is set to ${factory} but there is no factory there on chain ${chainId}. Is the ` +
        'node synced, and on the right network? Unset EVM_FORWARDER_FACTORY to deploy a new one.',
    );
  }

  const nonce = await client.getTransactionCount({ address: hot, blockTag: 'pending' });
  const earlier = await earlierFactory(client, hot, nonce);
  if (earlier) {
    return (
      `This hot wallet (${hot}) already deployed a factory on chain ${chainId}: ${earlier}. Nothing deployed.\n` +
      `Set EVM_FORWARDER_FACTORY=${earlier}`
    );
  }

  const data = encodeDeployData({
    abi: factoryArtifact.abi,
    bytecode: factoryArtifact.bytecode,
    args: [hot],
  });
  const [balance, gas, maxFeePerGas] = await Promise.all([
    client.getBalance({ address: hot }),
    client.estimateGas({ account: hot, data }),
    // EIP-1559's maximum fee; a chain without it (no base fee) quotes one gas price.
    client.estimateFeesPerGas().then(
      (fees) => fees.maxFeePerGas,
      () => client.getGasPrice(),
    ),
  ]);
  const needed = gas * maxFeePerGas;
  if (balance < needed) {
    throw new DeployRefused(
      `The hot wallet ${hot} has ${formatEther(balance)} ETH; deploying needs up to ${formatEther(needed)} ETH ` +
        `(${gas} gas at ${formatGwei(maxFeePerGas)} gwei). Send it ETH for gas first: it pays every sweep and ` +
        'send-out too.',
    );
  }

  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl, { retryCount: 1 }) });
  let hash: Hex;
  try {
    hash = await wallet.deployContract({
      abi: factoryArtifact.abi,
      bytecode: factoryArtifact.bytecode,
      args: [hot],
      gas,
      nonce,
    });
  } catch (error) {
    throw new DeployRefused(`The node refused the deployment: ${nodeError(error)}`);
  }
  let receipt;
  try {
    receipt = await client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
  } catch (error) {
    throw new DeployRefused(
      `Sent ${hash} but saw no receipt (${nodeError(error)}). Look it up, then run this command again: it ` +
        'finds a factory this key deployed and deploys no second one.',
    );
  }
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new DeployRefused(`The deployment ${hash} reverted in block ${receipt.blockNumber}.`);
  }
  const deployed = getAddress(receipt.contractAddress);
  // The same check the server's start makes (assertEvmStartable), so what is printed is what it accepts.
  if ((await factoryPays(client, deployed)) !== hot) {
    throw new DeployRefused(`The contract at ${deployed} (transaction ${hash}) does not pay ${hot}.`);
  }
  return [
    `Deployed the forwarder factory on chain ${chainId} at ${deployed}`,
    `(transaction ${hash}, block ${receipt.blockNumber}, gas ${receipt.gasUsed}); its forwarders pay ${hot}.`,
    `Set EVM_FORWARDER_FACTORY=${deployed}`,
  ].join('\n');
}
