import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_FILE_FIELD,
  errorEnvelopeSchema,
  VERIFICATION_FILE_FIELD,
  VERIFICATION_SIDE_FIELD,
  verificationDocumentSides,
} from '@app/contract';
import { openApiPath, ROUTE_ACCESS, routeKey, UNLISTED } from './route-access.js';

/**
 * The OpenAPI document (`GET /docs/json`) as a stranger's tools read it (issue 16): generated clients name
 * their functions after operationIds, so every operation has a stable one; they send credentials from the
 * security requirements, so each operation says which cookie, header or key it needs.
 */

type SwaggerTransform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformInput = Parameters<SwaggerTransform>[0];

/** Only the parts of the document this module reads and completes. */
type Parameter = { name: string; in: string; [key: string]: unknown };
type Response = { description?: string; headers?: Record<string, unknown>; [key: string]: unknown };
type Operation = {
  operationId?: string;
  security?: SecurityRequirement[];
  parameters?: Parameter[];
  requestBody?: unknown;
  description?: string;
  responses?: Record<string, Response>;
  [key: string]: unknown;
};
export type OpenApiDocument = {
  paths?: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** What session.ts checks the CSRF token on. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route access table's line for `METHOD /path` (OpenAPI path form). */
const accessOfOperation = (method: string, path: string) => ROUTE_ACCESS[routeKey(method, path)] ?? UNLISTED;

/**
 * Whether a visitor may call `METHOD /path` (OpenAPI path form), from the route access table
 * (route-access.ts): everything else answers 401 UNAUTHENTICATED, or the staff console's 404.
 */
export const isPublicOperation = (method: string, path: string) =>
  accessOfOperation(method, path).caller === 'anyone';

/** The names of the schemes in `components.securitySchemes`. */
export const SECURITY = {
  session: 'sessionCookie',
  csrf: 'csrfToken',
  anonymousCsrf: 'csrfCookie',
  apiKey: 'apiKey',
};

type SecurityRequirement = Record<string, string[]>;

/**
 * Who may call a route, as OpenAPI security requirements (alternatives, each a set sent together): a
 * browser's session cookie, with the CSRF header on state-changing calls, or an API key where the route
 * access table lets keys in (it needs no CSRF token); a visitor's state-changing call pairs the header
 * with the anonymous CSRF cookie. Routes with `config.csrf === false` prove themselves otherwise (a
 * signed callback) and need nothing here.
 */
export function securityFor(method: string, path: string, csrf: boolean): SecurityRequirement[] {
  const withCsrf = csrf && STATE_CHANGING.has(method.toUpperCase());
  const session: SecurityRequirement = withCsrf
    ? { [SECURITY.session]: [], [SECURITY.csrf]: [] }
    : { [SECURITY.session]: [] };
  const apiKey = accessOfOperation(method, path).key ? [{ [SECURITY.apiKey]: [] }] : [];
  if (!csrf) return [];
  if (!isPublicOperation(method, path)) return [session, ...apiKey];
  if (withCsrf) return [session, { [SECURITY.anonymousCsrf]: [], [SECURITY.csrf]: [] }];
  // Public reads answer more to a known viewer (their favourites, their own offers): both are optional.
  return [{}, session, ...apiKey];
}

/** The cookie names session.ts uses: `__Host-` only over TLS, where browsers accept the prefix. */
const cookieName = (base: string, publicUrl: string) =>
  publicUrl.startsWith('https:') ? `__Host-${base}` : base;

function securitySchemes(publicUrl: string) {
  return {
    [SECURITY.session]: {
      type: 'apiKey',
      in: 'cookie',
      name: cookieName('sid', publicUrl),
      description:
        'The session cookie set by POST /rest/v1/auth/login (and register): `__Host-sid` over HTTPS, `sid` over plain HTTP. Send it back as a browser does.',
    },
    [SECURITY.csrf]: {
      type: 'apiKey',
      in: 'header',
      name: 'X-CSRF-Token',
      description:
        'The CSRF token from GET /rest/v1/auth/csrf, on every POST, PUT, PATCH and DELETE made with a cookie. It changes at login: read it again after logging in.',
    },
    [SECURITY.anonymousCsrf]: {
      type: 'apiKey',
      in: 'cookie',
      name: cookieName('csrf', publicUrl),
      description:
        "Set by GET /rest/v1/auth/csrf when there is no session yet: a visitor's calls (register, login) send it with the matching X-CSRF-Token header.",
    },
    [SECURITY.apiKey]: {
      type: 'http',
      scheme: 'bearer',
      description:
        "API key created at /rest/v1/api-keys, sent as `Authorization: Bearer <key>`. Calls made with a key need no cookie and no CSRF token; the key's scopes limit what it may do (403 otherwise).",
    },
  };
}

const DESCRIPTION = `Every call answers \`{ data }\` or, on failure, \`{ errors: [{ code, message, details? }] }\`; clients switch on \`code\`.

## Authentication

Two ways in:

- **API key** (bots, integrations): send \`Authorization: Bearer <key>\` with a key created at \`/rest/v1/api-keys\`. No cookie and no CSRF token are needed.
- **Session cookie** (browsers, or any client with a cookie jar): log in with \`POST /rest/v1/auth/login\`; the answer sets the session cookie (\`__Host-sid\` over HTTPS, \`sid\` over HTTP).

## CSRF (cookie clients only)

Every \`POST\`, \`PUT\`, \`PATCH\` and \`DELETE\` made with a cookie must carry the header \`X-CSRF-Token\`, or it is refused with 403 \`CSRF_TOKEN_MISMATCH\`:

1. \`GET /rest/v1/auth/csrf\` answers \`{ data: { csrfToken } }\`. Without a session it also sets the \`csrf\` cookie (\`__Host-csrf\` over HTTPS) that this token is checked against: keep the cookie and send the token with anonymous calls such as register and login.
2. Send the token as \`X-CSRF-Token\` on every state-changing call.
3. Logging in (or registering) starts a session with a new token: read it again from \`GET /rest/v1/auth/csrf\` before the next state-changing call.

Each operation's \`security\` lists the alternatives it accepts.`;

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
  const note =
    `Staff permission: \`${permission}\`. Anyone who is not staff gets 404 \`ROUTE_NOT_FOUND\`, as for ` +
    'a path that does not exist; a staff role without the permission gets 403 `FORBIDDEN_ROLE`.';
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  return { ...schema, description: description ? `${description}\n\n${note}` : note };
}

const binary = (description: string) => ({ type: 'string', format: 'binary', description });

const tradeUpload = {
  type: 'object',
  properties: {
    [ATTACHMENT_FILE_FIELD]: binary('The image (JPEG, PNG, WebP) or PDF.'),
    requirement_id: {
      type: 'string',
      pattern: '^[0-9]+$',
      description:
        "The trade requirement this file answers (the trade's `flow.state`); omit for a chat attachment.",
    },
  },
  required: [ATTACHMENT_FILE_FIELD],
};

/**
 * The multipart bodies: handlers read them with `request.parts()`, outside any zod schema, so their
 * fields are written here, by path, from the handlers' field names.
 */
const MULTIPART_BODIES: Record<string, object> = {
  '/rest/v1/trade/{id}/attachments': tradeUpload,
  '/rest/v1/trade/{id}/upload': tradeUpload,
  '/rest/v1/verification/requests/{id}/documents': {
    type: 'object',
    properties: {
      [VERIFICATION_FILE_FIELD]: binary('The picture (JPEG, PNG, WebP) or PDF of the document.'),
      [VERIFICATION_SIDE_FIELD]: {
        type: 'string',
        enum: [...verificationDocumentSides],
        description: 'Which document this is, as the request asks.',
      },
    },
    required: [VERIFICATION_FILE_FIELD, VERIFICATION_SIDE_FIELD],
  },
  '/rest/v1/users/process-avatar': {
    type: 'object',
    properties: { file: binary('JPEG, PNG or WebP up to 5 MB.') },
    required: ['file'],
  },
};

/** A multipart route's body for the document only; the handler still reads the parts itself. */
function withMultipartBody(schema: Record<string, unknown>, path: string) {
  const consumes = schema.consumes as string[] | undefined;
  const body = MULTIPART_BODIES[path];
  if (!body || schema.body || !consumes?.includes('multipart/form-data')) return schema;
  return { ...schema, body, consumes: ['multipart/form-data'] };
}

/** The method a route is documented under (routes with several methods share the first's security). */
const methodOf = (route: TransformInput['route']) =>
  Array.isArray(route.method) ? String(route.method[0]) : String(route.method);

/** Per route: the zod schemas as JSON Schema, plus what only the route's options know. */
export function transformRoute(input: TransformInput): ReturnType<SwaggerTransform> {
  const transformed = jsonSchemaTransform(input);
  const { config } = input.route;
  const schema = withPermissionNote(transformed.schema as Record<string, unknown>, config?.permission);
  if (!transformed.schema || (schema as { hide?: boolean }).hide) return transformed;
  const path = openApiPath(input.url);
  const security = securityFor(methodOf(input.route), path, config?.csrf !== false);
  return { ...transformed, schema: { security, ...withMultipartBody(schema, path) } };
}

const ERROR_RESPONSE_NAMES = {
  400: 'BadRequest',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'InvalidInput',
  429: 'RateLimited',
  503: 'ServiceUnavailable',
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSE_NAMES;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Refused as the operation describes: e.g. a closed trade chat, with its reason as the code (`ChatNotAvailableYet`, `ChatBlocked`, ...).',
  401: 'Not logged in (`UNAUTHENTICATED`), or the API key is unknown or revoked.',
  403: 'Refused: a missing or stale CSRF token (`CSRF_TOKEN_MISMATCH`: read it again from GET /rest/v1/auth/csrf), an API key without the scope, the account state, or a staff role (`FORBIDDEN_ROLE`).',
  404: 'Nothing the caller may see has this id or code (`NOT_FOUND`); the staff console answers `ROUTE_NOT_FOUND` to non-staff.',
  409: "The resource's state does not allow this now (e.g. `TRADE_INVALID_STATUS`).",
  413: 'The body is larger than the server accepts (`PAYLOAD_TOO_LARGE`).',
  415: 'The body is in a type this operation does not take (`UNSUPPORTED_MEDIA_TYPE`): send JSON with `Content-Type: application/json`, uploads as multipart/form-data.',
  422: 'The path, query or body is not valid (`ERROR_INPUT_VALIDATION`, with one `details` entry per field).',
  429: 'Too many requests (`RATE_LIMITED`, `TOO_MANY_ATTEMPTS`): wait the seconds in `Retry-After`.',
  503: 'A dependency is unavailable (`SERVICE_UNAVAILABLE`), e.g. no market rate; try again later.',
};

const errorRef = '#/components/schemas/ErrorEnvelope';

/** `components.responses`: one shared answer per error status, all in the error envelope. */
function errorResponses() {
  return Object.fromEntries(
    (Object.keys(ERROR_RESPONSE_NAMES) as unknown as ErrorStatus[]).map((status) => {
      const response: Response = {
        description: ERROR_DESCRIPTIONS[status],
        content: { 'application/json': { schema: { $ref: errorRef } } },
      };
      if (Number(status) === 429) {
        response.headers = {
          'Retry-After': {
            description: 'Seconds to wait before trying again.',
            schema: { type: 'integer', minimum: 0 },
          },
        };
      }
      return [ERROR_RESPONSE_NAMES[status], response];
    }),
  );
}

/** A visitor may call it: no requirement, an empty one, or the anonymous CSRF cookie. */
const needsLogin = (operation: Operation) =>
  (operation.security?.length ?? 0) > 0 &&
  !operation.security!.some((r) => Object.keys(r).length === 0 || SECURITY.anonymousCsrf in r);

/**
 * Error answers the document cannot tell from an operation's shape, by operation: a visitor's login
 * refused for its credentials (401 `INVALID_CREDENTIALS`); a closed trade chat (400, the chat's state as
 * the code); the identity service's callback, unsigned (401 `INVALID_SIGNATURE`) or not JSON (400);
 * 404 from calls that find something by a query or body value rather than a path id (a bank by its
 * code, a currency, the offer a trade starts on, the trade a chargeback names, the caller's webhook).
 * The live-answers test (test/openapi-live-answers.test.ts) finds the ones missing here.
 */
const MORE_ERROR_STATUSES: Record<string, ErrorStatus[]> = {
  'POST /rest/v1/auth/login': [401],
  'POST /rest/v1/trade/{id}/messages': [400],
  'POST /rest/v1/trade/{id}/attachments': [400],
  'POST /rest/v1/trade/{id}/upload': [400],
  'POST /rest/v3/kyc/verifications/sumsub/callback': [400, 401],
  'GET /rest/v1/banks/by-iban': [404],
  'GET /rest/v1/banks/by-routing-number': [404],
  'GET /rest/v1/banks/by-swift': [404],
  'GET /rest/v1/tags': [404],
  'GET /rest/v1/calculator': [404],
  'GET /rest/v2/wallet/crypto-currencies/rates': [404],
  'POST /rest/v1/trade/start': [404],
  'POST /rest/v1/user-reports/chargeback': [404],
  'POST /rest/v3/kyc/verifications/sumsub/mark-pending': [404],
  'POST /rest/v1/webhooks/verify': [404],
  'POST /rest/v1/webhooks/events': [404],
  'POST /rest/v1/webhooks/secret': [404],
  'DELETE /rest/v1/webhooks': [404],
  'GET /rest/v1/webhooks/deliveries': [404],
};

/**
 * The error statuses an operation can answer, from what the document already says of it: the login
 * check (401), CSRF, key scopes and roles (403), ids in the path (404), any input (422), state-changing
 * calls refused in the resource's state (409) or for their body's size (413) or type (415, which
 * Fastify checks before any schema); every call may be rate limited (429) or meet an unavailable
 * dependency (503). MORE_ERROR_STATUSES adds what the shape does not show.
 */
export function errorStatusesOf(method: string, path: string, operation: Operation): ErrorStatus[] {
  const parameters = operation.parameters ?? [];
  const stateChanging = STATE_CHANGING.has(method.toUpperCase());
  const login = needsLogin(operation);
  const statuses = new Set<ErrorStatus>(MORE_ERROR_STATUSES[`${method.toUpperCase()} ${path}`]);
  if (login) statuses.add(401);
  if (login || (stateChanging && (operation.security?.length ?? 0) > 0)) statuses.add(403);
  if (parameters.some((p) => p.in === 'path') || path.startsWith('/rest/v1/admin/')) statuses.add(404);
  if (stateChanging) for (const status of [409, 413, 415] as const) statuses.add(status);
  if (operation.requestBody || parameters.length > 0) statuses.add(422);
  statuses.add(429).add(503);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Answers sent from a shared cache with an ETag (catalogue/http-cache.ts) document their 304; the offer
 * search sends the same ETag without the schema saying so.
 */
const sendsEtag = (method: string, path: string, operation: Operation) =>
  '304' in (operation.responses ?? {}) || (method === 'get' && path === '/rest/v1/offers');

function withEtag(operation: Operation): Operation {
  const responses = { ...operation.responses };
  const ok = responses['200'];
  if (ok) {
    responses['200'] = {
      ...ok,
      headers: {
        ...ok.headers,
        ETag: {
          description: 'Send it back as `If-None-Match` to get 304 while the answer is unchanged.',
          schema: { type: 'string' },
        },
      },
    };
  }
  return { ...operation, responses };
}

/** The operationId, the error answers and the headers of one operation. */
function completeOperation(method: string, path: string, operation: Operation): Operation {
  const responses: Record<string, Response> = { ...operation.responses };
  for (const status of errorStatusesOf(method, path, operation)) {
    // A route that documents a status itself knows better.
    responses[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSE_NAMES[status]}` };
  }
  const completed = { operationId: operationIdFor(method, path), ...operation, responses };
  return sendsEtag(method, path, operation) ? withEtag(completed) : completed;
}

type JsonSchema = Record<string, unknown>;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ type: 'number', enum: [0] }`: one branch of `z.union([z.literal(0), ...])`. */
const isTypedEnum = (schema: unknown): schema is { type: string; enum: unknown[] } =>
  isObject(schema) &&
  typeof schema.type === 'string' &&
  Array.isArray(schema.enum) &&
  Object.keys(schema).every((key) => key === 'type' || key === 'enum');

/**
 * A nullable union as OpenAPI 3.0 reads it. zod writes `{ nullable: true, anyOf: [...] }`, but 3.0.3
 * ignores `nullable` without a `type` beside it (Redocly's `nullable-type-sibling`), so the document
 * would refuse the `null` the server sends. A union of literals of one type becomes one nullable enum;
 * any other union carries `nullable` on each typed branch.
 */
function nullableUnion(schema: JsonSchema): JsonSchema {
  const { anyOf, ...rest } = schema;
  if (!Array.isArray(anyOf)) return schema;
  const type = isTypedEnum(anyOf[0]) ? anyOf[0].type : undefined;
  if (type && anyOf.every((branch) => isTypedEnum(branch) && branch.type === type)) {
    const values = anyOf.flatMap((branch) => (branch as { enum: unknown[] }).enum);
    return { ...rest, type, enum: values };
  }
  const { nullable, ...others } = rest;
  const branches = anyOf.map((branch) =>
    isObject(branch) && typeof branch.type === 'string' ? { ...branch, nullable } : branch,
  );
  return { ...others, anyOf: branches };
}

/**
 * A record over an enum (`z.record(z.enum(flags), z.boolean())`) has every key: zod lists them as
 * `required` and leaves their schema to `additionalProperties`. OpenAPI readers (and Redocly's
 * `no-required-schema-properties-undefined`) expect a required property to be defined, so each key is
 * written out with the value schema.
 */
function exhaustiveRecord(schema: JsonSchema): JsonSchema {
  const { required, additionalProperties } = schema;
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (!Array.isArray(required) || !isObject(additionalProperties)) return schema;
  const undefinedKeys = required.filter(
    (key): key is string => typeof key === 'string' && !(key in properties),
  );
  if (undefinedKeys.length === 0) return schema;
  const added = Object.fromEntries(undefinedKeys.map((key) => [key, additionalProperties]));
  return { ...schema, properties: { ...properties, ...added } };
}

/** Every schema in `node`, inner ones first, as OpenAPI 3.0 should read it (see the two above). */
export function toOpenApi30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi30);
  if (!isObject(node)) return node;
  let schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, toOpenApi30(value)]));
  if (schema.nullable === true && schema.type === undefined) schema = nullableUnion(schema);
  return exhaustiveRecord(schema);
}

/** The whole document, once the routes are in it. */
export function completeDocument(document: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, byMethod]) => [
      path,
      Object.fromEntries(
        Object.entries(byMethod).map(([method, operation]) => [
          method,
          METHODS.has(method) ? completeOperation(method, path, operation) : operation,
        ]),
      ),
    ]),
  );
  const components = (document.components ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return {
    ...document,
    paths: toOpenApi30(paths) as OpenApiDocument['paths'],
    components: {
      ...components,
      schemas: {
        ...components.schemas,
        ErrorEnvelope: z.toJSONSchema(errorEnvelopeSchema, { target: 'openapi-3.0', io: 'output' }),
      },
      responses: { ...components.responses, ...errorResponses() },
    },
  };
}

/** The `@fastify/swagger` options: app.ts registers them as they are. */
export function openApiOptions({ publicUrl }: { publicUrl: string }): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'P2P Market API',
        version: '1.0.0',
        description: DESCRIPTION,
        termsOfService: `${publicUrl.replace(/\/$/, '')}/terms-of-service`,
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: securitySchemes(publicUrl) as NonNullable<
          NonNullable<FastifyDynamicSwaggerOptions['openapi']>['components']
        >['securitySchemes'],
      },
    },
    // Routes are mounted at the root whatever PUBLIC_URL's path: never strip it from their paths.
    stripBasePath: false,
    transform: transformRoute,
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? (completeDocument(
            documentObject.openapiObject as OpenApiDocument,
          ) as typeof documentObject.openapiObject)
        : documentObject.swaggerObject,
  };
}
