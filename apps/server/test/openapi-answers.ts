import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Holds live answers to the OpenAPI document (issue 16: "every live answer validates against the
 * document"): the status must be one the operation lists, and a JSON body must fit that status's
 * schema. The document is OpenAPI 3.0, so its schemas become JSON Schema first (`nullable`, boolean
 * `exclusiveMinimum`), then ajv checks them.
 */

type Node = Record<string, unknown>;
type Document = { paths?: Record<string, Record<string, Node>>; components?: Node };

/** One answer as the server sent it: the route's pattern (Fastify's `:id`), status, type, body. */
export type Answer = { method: string; route: string; status: number; contentType: string; body: string };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is one schema, a list of schemas, or a map of schemas. */
const ONE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames'];
const MANY = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties'];

/**
 * An OpenAPI 3.0 schema as JSON Schema (draft 7): `$ref`s inlined from the document, `nullable` as a
 * `null` type (and a `null` in an enum, which 3.0.3 reads into it), boolean `exclusiveMinimum`/`Maximum`
 * as numbers, and `format: binary` (a file, never JSON) dropped.
 */
export function toJsonSchema(schema: unknown, resolve: (ref: string) => unknown): unknown {
  if (!isNode(schema)) return schema;
  if (typeof schema.$ref === 'string') return toJsonSchema(resolve(schema.$ref), resolve);
  const out: Node = { ...schema };
  for (const key of ONE) if (isNode(out[key])) out[key] = toJsonSchema(out[key], resolve);
  for (const key of MANY) {
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((s) => toJsonSchema(s, resolve));
  }
  for (const key of MAP) {
    if (isNode(out[key])) {
      out[key] = Object.fromEntries(
        Object.entries(out[key]).map(([name, inner]) => [name, toJsonSchema(inner, resolve)]),
      );
    }
  }
  if (out.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (out.type === undefined) return { anyOf: [withoutNullable(out), { type: 'null' }] };
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  delete out.nullable;
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[exclusive] === true) {
      out[exclusive] = out[bound];
      delete out[bound];
    } else if (out[exclusive] === false) delete out[exclusive];
  }
  if (out.format === 'binary') delete out.format;
  return out;
}

function withoutNullable(schema: Node): Node {
  const { nullable: _nullable, ...rest } = schema;
  return rest;
}

/** `/rest/v1/trade/:id` -> `/rest/v1/trade/{id}`. */
const openApiPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The checker for one document: `check` answers the problems of one answer (none: it fits). */
export function createAnswerChecker(document: Document) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();

  const resolve = (ref: string): unknown => {
    if (!ref.startsWith('#/')) throw new Error(`openapi-answers: external $ref ${ref}`);
    return ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, part) => (isNode(node) ? node[part] : undefined), document);
  };

  /** The operation `METHOD /path` of the document, or undefined (a route the document hides). */
  const operationOf = (method: string, route: string) =>
    document.paths?.[openApiPath(route)]?.[method.toLowerCase()];

  function check(answer: Answer): string[] {
    const id = `${answer.method} ${openApiPath(answer.route)}`;
    const operation = operationOf(answer.method, answer.route);
    if (!operation) return [];
    const responses = (operation.responses ?? {}) as Record<string, unknown>;
    const status = String(answer.status);
    let response = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!response) {
      return [
        `${id}: answered ${status}, which the document does not list (${Object.keys(responses).join(', ')})`,
      ];
    }
    if (isNode(response) && typeof response.$ref === 'string') response = resolve(response.$ref);
    if (!/\bjson\b/.test(answer.contentType) || answer.body === '') return [];
    const schema = (response as { content?: Record<string, { schema?: unknown }> }).content?.[
      'application/json'
    ]?.schema;
    if (!schema) return [`${id}: answered ${status} with JSON, which the document gives no schema for`];
    const key = `${id} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema, resolve) as object);
      compiled.set(key, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`${id}: answered ${status} with a body that is not JSON: ${answer.body.slice(0, 200)}`];
    }
    if (validate(body)) return [];
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    return [`${id}: the ${status} answer does not fit the document:\n    ${errors.join('\n    ')}`];
  }

  return { check, operationOf };
}

/**
 * An `onSend` hook that hands every answer of a documented route to `record` (the payload as sent:
 * serialized JSON text, a Buffer of cached text, or a stream for files, which is not read).
 */
export function recordAnswers(record: (answer: Answer) => void) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const route = request.routeOptions.url;
    // `?case=snake` answers are the documented ones with their keys renamed: the document shows camelCase.
    const snake = /[?&]case=snake\b/.test(request.url);
    if (route && request.method !== 'HEAD' && !snake) {
      const body =
        typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
      record({
        method: request.method,
        route,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body,
      });
    }
    return payload;
  };
}
