import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { operationIdFor, type OpenApiDocument } from './openapi-document.js';

type Operation = { operationId?: string };

/** Every operation of the document with its method and path. */
function operationsOf(document: OpenApiDocument): { id: string; operation: Operation }[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      id: `${method.toUpperCase()} ${path}`,
      operation: operation as Operation,
    })),
  );
}

describe('operationIdFor', () => {
  it.each([
    ['POST', '/rest/v1/trade/{id}/paid', 'postTradeByIdPaid'],
    ['POST', '/rest/v1/trade/:id/paid', 'postTradeByIdPaid'],
    ['GET', '/rest/v2/trade/{tradeHash}/offer', 'getV2TradeByTradeHashOffer'],
    ['GET', '/rest/v1/banks/by-iban', 'getBanksByIban'],
    ['GET', '/rest/v2/payment-methods/icons/{file}', 'getV2PaymentMethodsIconsByFile'],
    ['GET', '/healthz', 'getHealthz'],
    ['GET', '/', 'getRoot'],
  ])('should name %s %s %s', (method, path, id) => {
    expect(operationIdFor(method, path)).toBe(id);
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.client().get('/docs/json');
    expect(response.statusCode).toBe(200);
    document = response.json() as OpenApiDocument;
  }, 120_000);
  afterAll(() => t.close());

  it('should give every operation a unique operationId', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter(({ operation }) => !operation.operationId).map(({ id }) => id)).toEqual([]);
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { id, operation } of operations) {
      const first = seen.get(operation.operationId!);
      if (first) duplicates.push(`${operation.operationId}: ${first} and ${id}`);
      seen.set(operation.operationId!, id);
    }
    expect(duplicates).toEqual([]);
  });
});
