import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestClient } from '../helpers.js';

/**
 * The OpenAPI document as the API tests read it: every operation with its parameters and JSON body
 * schema, values that satisfy a schema, and requests sent through a TestClient (cookies, CSRF token).
 */

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  nullable?: boolean;
};

export type Parameter = { name: string; in: 'query' | 'path' | 'header'; required?: boolean; schema: Schema };
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Operation = {
  /** `POST /rest/v1/trade/{id}/paid`: how failures name it. */
  id: string;
  method: Method;
  path: string;
  /** The operation's description (staff routes end with "Staff permission: `...`."). */
  description?: string;
  parameters: Parameter[];
  body?: Schema;
  /**
   * Uploads take multipart/form-data: the document describes their body, and a route that declares
   * `consumes` only is recognised by its path.
   */
  multipart: boolean;
};

const MULTIPART_PATH =
  /\/(attachments|upload|process-avatar)$|^\/rest\/v1\/verification\/requests\/\{id\}\/documents$/;

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        description?: string;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
};

export async function loadOperations(client: TestClient): Promise<Operation[]> {
  const response = await client.get('/docs/json');
  if (response.statusCode !== 200) throw new Error(`/docs/json answered ${response.statusCode}`);
  const document = response.json() as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [lower, operation] of Object.entries(byMethod)) {
      const method = lower.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      operations.push({
        id: `${method} ${path}`,
        method,
        path,
        description: operation.description,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
        multipart:
          method === 'POST' &&
          (operation.requestBody
            ? 'multipart/form-data' in operation.requestBody.content
            : MULTIPART_PATH.test(path)),
      });
    }
  }
  return operations;
}

/** The first alternative that is not `null`, for choosing one branch of a union. */
function branchesOf(schema: Schema): Schema[] {
  return schema.anyOf ?? schema.oneOf ?? [];
}

const typeOf = (schema: Schema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** Strings the tests know satisfy a pattern the document uses (checked against the pattern). */
const PATTERN_EXAMPLES = [
  'BTC',
  '0.001',
  '10',
  '12:00',
  'bank-transfer.svg',
  'AbCdEf123456',
  '123456',
  'US',
  '1',
  'bank-transfer',
];

/**
 * A value that satisfies `schema` (as far as JSON Schema can say: refinements are not in the document).
 * `hint` answers first for named fields the schema alone cannot fill well (hashes, codes, amounts).
 */
export function validValue(schema: Schema, name: string, hint: (name: string) => unknown): unknown {
  const hinted = hint(name);
  if (hinted !== undefined) return hinted;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = branchesOf(schema);
  if (branches.length > 0) {
    // Numbers first: the contract's decimal inputs accept `10` as well as `"10"`, and a number cannot
    // miss a pattern the document does not show (pipes are invisible in it).
    const preferred =
      branches.find((b) => typeOf(b) === 'number' || typeOf(b) === 'integer') ??
      branches.find((b) => typeOf(b) !== 'null') ??
      branches[0]!;
    return validValue(preferred, name, hint);
  }
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], name, hint);
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(schema.properties ?? {})) {
        const required = schema.required?.includes(key) ?? false;
        const hintedInner = hint(key);
        if (required || hintedInner !== undefined) value[key] = validValue(inner, key, hint);
      }
      return value;
    }
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, name, hint));
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return schema.maximum !== undefined ? Math.min(low, schema.maximum) : low;
    }
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'uri') return 'https://example.com/rules';
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        const fits = PATTERN_EXAMPLES.find(
          (example) =>
            pattern.test(example) &&
            example.length >= (schema.minLength ?? 0) &&
            example.length <= (schema.maxLength ?? Infinity),
        );
        if (fits) return fits;
      }
      const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 8, 8));
      return 'abcdefgh'.repeat(4).slice(0, length);
    }
    case undefined:
    default:
      return 'x';
  }
}

/** Percent-encodes a path or query value; lone surrogates (which encodeURIComponent refuses) as UTF-8 of U+FFFD. */
export function encodeValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** `raw` path values are put in as they are (odd encodings on purpose); the rest are encoded. */
export function urlFor(
  operation: Operation,
  path: Record<string, { raw: string } | string>,
  query: [string, string | { raw: string }][] = [],
): string {
  const filled = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = path[name] ?? 'x';
    return typeof value === 'string' ? encodeValue(value) : value.raw;
  });
  const search = queryString(query);
  return search ? `${filled}?${search}` : filled;
}

/** `a=1&b=%00`: values encoded, except `raw` ones (odd encodings on purpose). */
export function queryString(query: [string, string | { raw: string }][]): string {
  return query
    .map(
      ([key, value]) => `${encodeValue(key)}=${typeof value === 'string' ? encodeValue(value) : value.raw}`,
    )
    .join('&');
}

export type SentRequest = {
  method: Method;
  url: string;
  headers: Record<string, string>;
  /** A JSON value (sent as application/json), or raw text/bytes with the content type in `headers`. */
  body?: { json: unknown } | { raw: string | Buffer };
};

/** Sends through the client (its cookies and CSRF token) and answers the response. */
export function send(client: TestClient, request: SentRequest): Promise<LightMyRequestResponse> {
  let payload: unknown;
  const headers = { ...request.headers };
  if (request.body && 'json' in request.body) {
    payload = JSON.stringify(request.body.json);
    headers['content-type'] ??= 'application/json';
  } else if (request.body) {
    payload = request.body.raw;
  }
  return client.request(
    request.method as InjectOptions['method'],
    request.url,
    payload as Record<string, unknown> | undefined,
    { headers },
  );
}

/** A short, printable account of a request, for failure messages (long values cut). */
export function describeRequest(request: SentRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  const body =
    request.body === undefined
      ? ''
      : 'json' in request.body
        ? ` body=${cut(JSON.stringify(request.body.json) ?? 'undefined')}`
        : ` raw=${cut(JSON.stringify(request.body.raw.toString('latin1')))}`;
  const headers =
    Object.keys(request.headers).length > 0 ? ` headers=${cut(JSON.stringify(request.headers))}` : '';
  return `${request.method} ${cut(request.url)}${headers}${body}`;
}
