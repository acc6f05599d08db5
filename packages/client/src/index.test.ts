import { describe, expect, it } from 'vitest';
import { createMarketClient } from './index.js';

describe('createMarketClient', () => {
  it('should send the API key as a bearer token to the base URL, and hand back the envelopes as they are', async () => {
    const seen: Request[] = [];
    const market = createMarketClient({
      baseUrl: 'https://p2p.example.com',
      apiKey: 'p2pk_0123456789_secret',
      fetch: async (request) => {
        seen.push(request);
        const body = request.url.endsWith('/release')
          ? { errors: [{ code: 'TWO_FACTOR_REQUIRED', message: 'Enter the code' }] }
          : { data: { trades: [] } };
        return Response.json(body, { status: 'errors' in body ? 403 : 200 });
      },
    });

    const active = await market.GET('/rest/v1/trade/active');
    expect(active.data).toEqual({ data: { trades: [] } });
    const release = await market.POST('/rest/v1/trade/{id}/release', {
      params: { path: { id: 'AbCd1234' } },
      body: {},
    });
    expect(release.response.status).toBe(403);
    expect(release.error?.errors[0]?.code).toBe('TWO_FACTOR_REQUIRED');

    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET https://p2p.example.com/rest/v1/trade/active',
      'POST https://p2p.example.com/rest/v1/trade/AbCd1234/release',
    ]);
    for (const request of seen) {
      expect(request.headers.get('authorization')).toBe('Bearer p2pk_0123456789_secret');
      expect(request.headers.get('cookie')).toBeNull();
    }
  });
});
