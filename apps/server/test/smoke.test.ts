import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

describe('test harness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should answer /healthz and /readyz on a migrated database', async () => {
    const client = t.client();
    expect((await client.get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await client.get('/readyz')).json()).toMatchObject({ status: 'ready' });
  });
});
