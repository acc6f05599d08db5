import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document (`GET /docs/json`) as a stranger's tools read it (issue 16): generated clients name
 * their functions after operationIds, so every operation has a stable one.
 */

type SwaggerTransform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformInput = Parameters<SwaggerTransform>[0];

/** Only the parts of the document this module reads and completes. */
type Operation = { operationId?: string; [key: string]: unknown };
export type OpenApiDocument = {
  paths?: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `payment-methods` -> `PaymentMethods`, `by-iban` -> `ByIban`. */
const wordsOf = (segment: string) =>
  segment
    .split(/[^0-9A-Za-z]+/)
    .filter(Boolean)
    .map(pascal)
    .join('');

/**
 * `POST /rest/v1/trade/{id}/paid` -> `postTradeByIdPaid`. `/rest` and `v1` say nothing, so they are
 * dropped; later versions stay (`getV2Countries` beside `getCountries`). Fastify's
 * `:id` and OpenAPI's `{id}` read the same. Derived from the path alone, so ids stay stable across
 * releases and a route can still choose its own with `schema.operationId`.
 */
export function operationIdFor(method: string, path: string): string {
  const segments = path
    .replace(/^\/rest(?=\/)/, '')
    .replace(/^\/v1(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^(?::(.+)|\{(.+)\})$/.exec(segment);
      return param ? `By${wordsOf(param[1] ?? param[2] ?? '')}` : wordsOf(segment);
    });
  return `${method.toLowerCase()}${segments.join('') || 'Root'}`;
}

/**
 * A staff route says which permission it needs (decision 0019), so integrators read it in /docs; the
 * staff gate test reads the same sentence.
 */
function withPermissionNote(schema: Record<string, unknown>, permission: string | undefined) {
  if (!permission) return schema;
  const note = `Staff permission: \`${permission}\`.`;
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  return { ...schema, description: description ? `${description}\n\n${note}` : note };
}

/** Per route: the zod schemas as JSON Schema, plus what only the route's options know. */
export function transformRoute(input: TransformInput): ReturnType<SwaggerTransform> {
  const transformed = jsonSchemaTransform(input);
  const schema = withPermissionNote(
    transformed.schema as Record<string, unknown>,
    input.route.config?.permission,
  );
  return { ...transformed, schema };
}

/** Fills every operation's missing operationId from its method and path. */
function withOperationIds(document: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, byMethod]) => [
      path,
      Object.fromEntries(
        Object.entries(byMethod).map(([method, operation]) =>
          METHODS.has(method)
            ? [method, { operationId: operationIdFor(method, path), ...operation }]
            : [method, operation],
        ),
      ),
    ]),
  );
  return { ...document, paths };
}

/** The whole document, once the routes are in it. */
export function completeDocument(document: OpenApiDocument): OpenApiDocument {
  return withOperationIds(document);
}

/** The `@fastify/swagger` options: app.ts registers them as they are. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'P2P Market API',
        version: '1.0.0',
        description: 'Every call answers { data } or { errors }.',
      },
    },
    transform: transformRoute,
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? (completeDocument(
            documentObject.openapiObject as OpenApiDocument,
          ) as typeof documentObject.openapiObject)
        : documentObject.swaggerObject,
  };
}
