import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/platform/db/client.js';
import type { BenchCase } from '../lib.js';
import { BENCH_SELL_OFFER, benchSession, fundBench } from '../sessions.js';

type Party = { userId: number; cookie: string; csrf: string };

/**
 * The everyday logged-in reads (issue 28): what the shell, the dashboard, the trade page and the wallet
 * ask for, as a trader with one running trade (five chat messages in it) and two completed ones. Each is
 * measured against the trivial route with the same session cookie (the first row), so what is left is
 * the route's own cost. The trader's trades go through the HTTP API like a browser's.
 */
export function readsCase(database: Database): BenchCase {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  const requests: BenchCase['requests'] = [];
  return {
    name: 'reads',
    requests,
    async setup(app) {
      const run = Date.now().toString(36);
      const seller = await benchSession(database.db, `rds_${run}`);
      const buyer = await benchSession(database.db, `rdb_${run}`);
      await fundBench(database.db, seller.userId, `reads-${run}`);
      const call = callAs(app);
      const offer = await call(seller, 'POST', '/rest/v1/my-offers', BENCH_SELL_OFFER);
      const start = async () =>
        String(
          (
            await call(buyer, 'POST', '/rest/v1/trade/start', {
              offer_hash: offer.idHashed,
              fiat_amount: '20',
            })
          ).id,
        );
      for (let i = 0; i < 2; i += 1) {
        const done = await start();
        await call(buyer, 'POST', `/rest/v1/trade/${done}/paid`, {});
        await call(seller, 'POST', `/rest/v1/trade/${done}/release`, {});
      }
      const running = await start();
      for (let i = 0; i < 5; i += 1) {
        const author = i % 2 === 0 ? buyer : seller;
        await call(author, 'POST', `/rest/v1/trade/${running}/messages`, { text: `Message ${i + 1}` });
      }

      headers.cookie = buyer.cookie;
      requests.push(
        // The control: the trivial route with the trader's cookie (the session lookup alone).
        { title: 'trivial, logged in (session lookup)', path: '/bench/trivial', headers },
        { title: 'current user', path: '/rest/v1/users/current_user', headers },
        { title: 'initial state', path: '/rest/v1/app/initial-state', headers },
        { title: 'active trades', path: '/rest/v1/trade/active', headers },
        { title: 'the trade', path: `/rest/v1/trade/${running}`, headers },
        { title: 'its chat', path: `/rest/v1/trade/${running}/messages`, headers },
        { title: 'wallet balances', path: '/rest/v2/wallet/balances', headers },
        { title: 'trade history', path: '/rest/v1/trade/history?page=1', headers },
      );
    },
  };
}

function callAs(app: FastifyInstance) {
  return async (party: Party, method: 'GET' | 'POST', url: string, body?: object) => {
    const response = await app.inject({
      method,
      url,
      headers: { cookie: party.cookie, 'x-csrf-token': party.csrf, accept: 'application/json' },
      ...(body ? { payload: body } : {}),
    });
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return (response.json() as { data: Record<string, unknown> }).data;
  };
}
