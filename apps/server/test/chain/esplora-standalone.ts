import { spawn } from 'node:child_process';
import http from 'node:http';
import { bitcoinNetwork } from '../../src/modules/wallet/chain/bitcoin/networks.js';
import { scriptOfAddress } from '../../src/modules/wallet/chain/bitcoin/script-address.js';
import { startEsploraServer } from './esplora-server.js';
import { RegtestChain, RejectedTransaction } from './regtest-chain.js';

/**
 * A Bitcoin regtest node for the browser tests (issue 27; apps/web/e2e/bitcoin-deposit.spec.ts): a
 * `RegtestChain` (101 blocks mined, so the miner's first coinbase can be spent) served over the Esplora
 * API on E2E_ESPLORA_PORT (default 3197), which a server with CHAIN_BTC=esplora reads, and, on
 * E2E_ESPLORA_CONTROL_PORT (default 3196), the test's hands on the chain:
 *
 *   GET  /test/ready                         200 { height } once both listen (Playwright waits on it)
 *   POST /test/pay  { address, amountSats }  the miner pays the address; 200 { txid } (in the mempool)
 *   POST /test/mine { blocks }               mines them (the first takes the mempool); 200 { height }
 *
 * Test tooling only, never part of the product: both listen on 127.0.0.1 alone, and the chain lives in
 * this process's memory (a new chain at every start). Run: `node --import tsx esplora-standalone.ts`.
 *
 * With a command after `--` (`esplora-standalone.ts -- node --import tsx src/main.ts`), it starts that
 * command once the node answers, with this environment, and stops with it: the browser tests start the
 * CHAIN_BTC=esplora server so, beside their main server rather than after it (start-up time on CI).
 */

const esploraPort = Number(process.env.E2E_ESPLORA_PORT ?? 3197);
const controlPort = Number(process.env.E2E_ESPLORA_CONTROL_PORT ?? 3196);

const network = bitcoinNetwork('BTC', 'regtest');
const chain = new RegtestChain(network);
chain.mine(101);
const esplora = await startEsploraServer(chain, { port: esploraPort });

class BadRequest extends Error {}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // Said below.
  }
  throw new BadRequest('the body must be a JSON object');
}

async function control(req: http.IncomingMessage): Promise<unknown> {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (req.method === 'GET' && path === '/test/ready') return { height: chain.height };
  if (req.method === 'POST' && path === '/test/pay') {
    const { address, amountSats } = await readJson(req);
    if (typeof address !== 'string' || !scriptOfAddress(address, network)) {
      throw new BadRequest('address: a Bitcoin regtest address');
    }
    if (typeof amountSats !== 'number' || !Number.isSafeInteger(amountSats) || amountSats < 546) {
      throw new BadRequest('amountSats: a whole number of satoshis, at least 546');
    }
    return { txid: chain.pay(chain.miner, [{ address, amount: BigInt(amountSats) }]) };
  }
  if (req.method === 'POST' && path === '/test/mine') {
    const { blocks } = await readJson(req);
    if (typeof blocks !== 'number' || !Number.isInteger(blocks) || blocks < 1 || blocks > 100) {
      throw new BadRequest('blocks: a whole number from 1 to 100');
    }
    chain.mine(blocks);
    return { height: chain.height };
  }
  return undefined;
}

const server = http.createServer((req, res) => {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  control(req).then(
    (body) => (body === undefined ? send(404, { error: 'not found' }) : send(200, body)),
    (error: unknown) =>
      error instanceof BadRequest || error instanceof RejectedTransaction
        ? send(400, { error: error.message })
        : send(500, { error: String(error) }),
  );
});
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(controlPort, '127.0.0.1', resolve);
});
console.log(`regtest Esplora at ${esplora.url}, test control at http://127.0.0.1:${controlPort}`);

const stop = (code: number) => {
  server.closeAllConnections();
  server.close();
  void esplora.close().then(() => process.exit(code));
};
const dashes = process.argv.indexOf('--');
const [command, ...args] = dashes === -1 ? [] : process.argv.slice(dashes + 1);
if (command) {
  const child = spawn(command, args, { stdio: 'inherit' });
  // The node goes when the command does (its exit code kept: a server that could not start says so).
  child.on('exit', (code, signal) => stop(code ?? (signal ? 1 : 0)));
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  process.once('SIGTERM', forward('SIGTERM'));
  process.once('SIGINT', forward('SIGINT'));
} else {
  process.once('SIGTERM', () => stop(0));
  process.once('SIGINT', () => stop(0));
}
