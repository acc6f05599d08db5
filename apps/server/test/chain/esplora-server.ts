import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { scriptOfAddress } from '../../src/modules/wallet/chain/bitcoin/script-address.js';
import type { RegtestChain } from './regtest-chain.js';
import { RejectedTransaction } from './regtest-chain.js';

/**
 * An Esplora-compatible HTTP server over a `RegtestChain` the test builds (issue 27): the stand-in for
 * electrs / mempool.space, serving real blocks and transactions. Start it with `startEsploraServer(chain)`
 * and point `EsploraClient` (or `BTC_ESPLORA_URL`) at `server.url`.
 *
 * Endpoints (as Esplora answers them): GET /blocks/tip/height, /blocks/tip/hash, /block-height/:h,
 * /block/:hash/raw, /block/:hash/status, /mempool/txids, /tx/:txid/raw, /tx/:txid/hex, /tx/:txid/status,
 * /address/:a/utxo, /fee-estimates; POST /tx (checked by `RegtestChain.submit`: inputs exist and are
 * unspent, signatures verify; 400 with the reason otherwise).
 *
 * Test hooks: `requests` (every path asked, in order), `failNext(n, status)` (the next n requests answer
 * that status: retries), `redirectAllTo(url)` (every request answers 302 there), `delayMs` (a slow node:
 * timeouts), `feeEstimates` (what /fee-estimates answers).
 *
 * To drive it: `chain.pay(key, [{ address, amount }])` puts a signed payment in the mempool;
 * `chain.mine(n)` mines (the first block takes the mempool); `chain.reorg(depth)` drops blocks and mines a
 * longer branch. A 3,000-transaction block: `for (const hex of chain.buildManyPayments(3000, addresses))
 * chain.submit(hex, { verifySignatures: false }); chain.mine(1)`.
 */

export type EsploraServer = {
  url: string;
  chain: RegtestChain;
  requests: string[];
  feeEstimates: Record<string, number>;
  delayMs: number;
  failNext(count: number, status?: number): void;
  redirectAllTo(url: string | null): void;
  close(): Promise<void>;
};

/** `port`: a fixed port (the browser tests' standalone node, esplora-standalone.ts); any free one by default. */
export async function startEsploraServer(
  chain: RegtestChain,
  options: { port?: number } = {},
): Promise<EsploraServer> {
  let failures = { count: 0, status: 503 };
  let redirect: string | null = null;
  const state: EsploraServer = {
    url: '',
    chain,
    requests: [],
    feeEstimates: { '1': 25.5, '2': 20.1, '3': 15.3, '6': 8.2, '144': 1.01 },
    delayMs: 0,
    failNext(count, status = 503) {
      failures = { count, status };
    },
    redirectAllTo(url) {
      redirect = url;
    },
    close: async () => undefined,
  };

  const server = http.createServer((req, res) => {
    const send = (status: number, body: string | Uint8Array, type = 'text/plain') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    const json = (body: unknown) => send(200, JSON.stringify(body), 'application/json');
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    state.requests.push(`${req.method} ${path}`);

    const answer = async () => {
      if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
      if (redirect) {
        res.writeHead(302, { location: `${redirect}${path}` });
        res.end();
        return;
      }
      if (failures.count > 0) {
        failures.count -= 1;
        send(failures.status, 'temporarily unavailable');
        return;
      }
      if (req.method === 'POST' && path === '/tx') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        try {
          send(200, chain.submit(Buffer.concat(chunks).toString('utf8').trim()));
        } catch (error) {
          if (!(error instanceof RejectedTransaction)) throw error;
          send(400, `sendrawtransaction RPC error: {"code":-26,"message":"${error.message}"}`);
        }
        return;
      }
      if (req.method !== 'GET') return send(405, 'Method not allowed');
      let m: RegExpExecArray | null;
      if (path === '/blocks/tip/height') return send(200, String(chain.height));
      if (path === '/blocks/tip/hash') return send(200, chain.tip.hash);
      if ((m = /^\/block-height\/(\d+)$/.exec(path))) {
        const block = chain.blocks[Number(m[1])];
        return block ? send(200, block.hash) : send(404, 'Block not found');
      }
      if ((m = /^\/block\/([0-9a-f]{64})\/(raw|status)$/.exec(path))) {
        const block = chain.known.get(m[1]!);
        if (!block) return send(404, 'Block not found');
        if (m[2] === 'raw') return send(200, block.raw, 'application/octet-stream');
        const inBest = chain.blocks[block.height]?.hash === block.hash;
        return json({
          in_best_chain: inBest,
          height: block.height,
          next_best: inBest ? (chain.blocks[block.height + 1]?.hash ?? null) : null,
        });
      }
      if (path === '/mempool/txids') return json([...chain.mempool.keys()]);
      if ((m = /^\/tx\/([0-9a-f]{64})\/(raw|hex|status)$/.exec(path))) {
        const found = chain.findTx(m[1]!);
        if (!found) return send(404, 'Transaction not found');
        if (m[2] === 'raw') return send(200, found.tx.raw, 'application/octet-stream');
        if (m[2] === 'hex') return send(200, Buffer.from(found.tx.raw).toString('hex'));
        return json(
          found.block
            ? {
                confirmed: true,
                block_height: found.block.height,
                block_hash: found.block.hash,
                block_time: found.block.time,
              }
            : { confirmed: false },
        );
      }
      if ((m = /^\/address\/([^/]+)\/utxo$/.exec(path))) {
        const script = scriptOfAddress(decodeURIComponent(m[1]!), chain.network);
        if (!script) return send(400, 'Invalid Bitcoin address');
        return json(
          chain.unspentOf(script).map((c) => ({
            txid: c.txid,
            vout: c.vout,
            value: Number(c.value),
            status:
              c.height === null
                ? { confirmed: false }
                : {
                    confirmed: true,
                    block_height: c.height,
                    block_hash: chain.blocks[c.height]!.hash,
                    block_time: chain.blocks[c.height]!.time,
                  },
          })),
        );
      }
      if (path === '/fee-estimates') return json(state.feeEstimates);
      return send(404, 'Not found');
    };
    answer().catch((error: unknown) => send(500, String(error)));
  });
  await new Promise<void>((resolve, reject) => {
    // A fixed port already taken fails the start rather than hanging it.
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return state;
}
