import { initialStateSchema } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

/** Decision 0047: the initial state says which chain the wallet runs on, in the page and in the API. */
describe('the initial state', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const simulatedEverywhere = {
    simulated: true,
    simulatedCoins: ['BTC', 'LTC', 'ETH', 'USDT', 'USDC', 'XMR'],
  };

  it('should say the wallet runs on the simulated chain, for every coin', async () => {
    const response = await t.client().get('/rest/v1/app/initial-state');
    expect(response.statusCode).toBe(200);
    const state = initialStateSchema.parse(response.json().data);
    expect(state.chain).toEqual(simulatedEverywhere);
  });

  it('should carry the same in the state injected into the page', async () => {
    const response = await t.client().get('/wallet', { headers: { accept: 'text/html' } });
    const state = JSON.parse(
      /window\.__INITIAL_STATE__=(.*?);<\/script>/.exec(response.body)?.[1] ?? 'null',
    ) as { chain: unknown };
    expect(state.chain).toEqual(simulatedEverywhere);
  });
});
