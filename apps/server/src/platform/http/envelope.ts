import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { EMPTY_QUERY_VALUES, RESPONSE_CASE_QUERY_PARAM, type FieldError } from '@app/contract';
import { AppError } from './errors.js';
import { snakeCaseKeys } from './case.js';

type ZodIssueLike = { path: PropertyKey[]; message: string; code: string };

/** Joins a validation path into the field name the client knows (`bank.iban`, `items.0.amount`). */
const fieldOf = (path: PropertyKey[]): string => path.map(String).join('.') || '_';

export function detailsFromIssues(issues: ZodIssueLike[]): FieldError[] {
  return issues.map((issue) => ({ field: fieldOf(issue.path), message: issue.message, code: issue.code }));
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

  // Read from the raw URL: route schemas strip keys they do not declare, and every route honours it.
  app.addHook('preSerialization', async (request: FastifyRequest, _reply, payload) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return new URLSearchParams(search).get(RESPONSE_CASE_QUERY_PARAM) === 'snake'
      ? snakeCaseKeys(payload)
      : payload;
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const extra = error.details ? { details: error.details } : {};
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
        code: v.keyword,
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
