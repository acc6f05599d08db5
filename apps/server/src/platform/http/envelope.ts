import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { EMPTY_QUERY_VALUES, type FieldError } from '@app/contract';
import { AppError } from './errors.js';
import { snakeCaseJson, wantsSnakeCase } from './case.js';

type ZodIssueLike = { path: PropertyKey[]; message: string; code: string; params?: unknown };

/** Joins a validation path into the field name the client knows (`bank.iban`, `items.0.amount`). */
const fieldOf = (path: PropertyKey[]): string => path.map(String).join('.') || '_';

/**
 * A refinement's own code (`params: { code }`, e.g. `invalid_characters` from the contract's text
 * strings) says more than zod's generic `custom`.
 */
function codeOf(code: string, params: unknown): string {
  const own = (params as { code?: unknown } | undefined)?.code;
  return code === 'custom' && typeof own === 'string' ? own : code;
}

export function detailsFromIssues(issues: ZodIssueLike[]): FieldError[] {
  return issues.map((issue) => ({
    field: fieldOf(issue.path),
    message: issue.message,
    code: codeOf(issue.code, issue.params),
  }));
}

const errorBody = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({
  errors: [{ message, code, ...extra }],
});

function statusFromFastifyError(error: FastifyError): number | undefined {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * The HTTP contract in one place: `{ data }` bodies pass through, every error becomes
 * `{ errors: [{ message, code, details? }] }`, empty query values are dropped before validation, and
 * `?case=snake` converts the keys of the answer.
 */
async function envelopePlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    for (const [key, value] of Object.entries(query)) {
      if (
        value === undefined ||
        value === null ||
        (typeof value === 'string' && EMPTY_QUERY_VALUES.has(value))
      ) {
        delete query[key];
      }
    }
  });

  // After serialization, not before: the response schema must check the camelCase answer it describes.
  // Converting earlier made the check fail with a 500 after the write had committed (a retry wrote twice).
  // A route whose answer is a fixed document (the signed trade record) opts out with `keepCase`.
  app.addHook('onSend', async (request: FastifyRequest, reply, payload) =>
    wantsSnakeCase(request.url) && !request.routeOptions.config.keepCase
      ? snakeCaseJson(payload, reply.getHeader('content-type'))
      : payload,
  );

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const extra = { ...error.extra, ...(error.details ? { details: error.details } : {}) };
      return reply.code(error.status).send(errorBody(error.status, error.code, error.message, extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: fieldOf(
          String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ),
        message: v.message ?? 'Invalid value',
        code: codeOf(v.keyword, (v.params as { params?: unknown } | undefined)?.params),
      }));
      return reply
        .code(422)
        .send(errorBody(422, 'ERROR_INPUT_VALIDATION', 'The input is not valid', { details }));
    }
    const clientStatus = statusFromFastifyError(error);
    if (clientStatus !== undefined) {
      // Malformed JSON, a body over the limit, a wrong content type: the client's fault, never a 500.
      const code =
        clientStatus === 413
          ? 'PAYLOAD_TOO_LARGE'
          : clientStatus === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : clientStatus === 429
              ? 'RATE_LIMITED'
              : clientStatus === 400
                ? 'ERROR_INPUT_VALIDATION'
                : 'BAD_REQUEST';
      const status = clientStatus === 400 ? 422 : clientStatus;
      const extra =
        status === 422 ? { details: [{ field: '_', message: error.message, code: 'malformed' }] } : {};
      return reply.code(status).send(errorBody(status, code, error.message, extra));
    }
    request.log.error(
      { err: error, reqId: request.id, url: request.url, method: request.method },
      'unhandled error',
    );
    return reply.code(500).send(
      errorBody(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.', {
        requestId: request.id,
      }),
    );
  });
}

export const envelope = fp(envelopePlugin, { name: 'envelope' });

/**
 * Fastify's `frameworkErrors`: a path the router cannot even read (broken percent-encoding such as
 * `%ZZ`, a parameter over the length limit) would otherwise get Fastify's own body, outside the
 * envelope. It is the client's malformed input, like malformed JSON: 422 with a detail.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'too_long' : 'malformed_url';
  const message = code === 'too_long' ? 'A path parameter is too long' : 'The URL is not valid';
  void reply
    .code(422)
    .send(errorBody(422, 'ERROR_INPUT_VALIDATION', message, { details: [{ field: '_', message, code }] }));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is a document whose exact keys are its format (a hash covers them): `?case=snake` is
     * ignored. The trade record route sets it (decision 0018).
     */
    keepCase?: boolean;
  }
}
