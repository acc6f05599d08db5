import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, tradeIdParamsSchema, tradeRecordQuerySchema, tradeRecordSchema } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { requireUser } from '../../platform/auth/session.js';
import { notFound } from '../../platform/http/errors.js';
import { renderTradeRecordPdf } from './pdf.js';
import { buildTradeRecord, type AttachmentBytes } from './record.js';

/** Who may see the trade: the trades module's answer (null: not the viewer's trade and not staff). */
type TradeAccess = {
  participantsOf(tradeHash: string, userId: number): Promise<{ tradeHash: string } | null>;
};

type Options = { db: Db; store: AttachmentBytes; trades: TradeAccess };

/**
 * `GET /rest/v1/trade/{id}/record`: the trade's tamper-evident record, for its parties and staff
 * (moderators, admins); anyone else gets the same 404 as a missing trade (the trades module decides).
 * JSON by default (`{ data: record }`; the record itself is what `trade:verify-record` checks), or
 * `?format=pdf` for a human-readable rendering.
 */
export const tradeRecordsRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, store, trades }) => {
  app.get(
    '/rest/v1/trade/:id/record',
    {
      schema: {
        tags: ['trades'],
        summary: "The trade's tamper-evident record: a hash chain of its events (JSON, or ?format=pdf)",
        description:
          '`{id}` is the trade hash. Every status change, chat message and attachment digest, each entry carrying the hash of the one ' +
          'before (format: packages/contract/src/trade-record.ts). Verify offline with ' +
          '`npm run admin -- trade:verify-record FILE` or `verifyTradeRecord()` from the contract. ' +
          'With `format=pdf` the answer is application/pdf (a reading aid; the JSON is the verifiable copy). ' +
          '`case=snake` is ignored here: the record is a document whose keys its hashes cover.',
        params: tradeIdParamsSchema,
        querystring: tradeRecordQuerySchema,
        response: { 200: dataEnvelope(tradeRecordSchema) },
      },
      config: { keepCase: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const access = await trades.participantsOf(request.params.id, user.id);
      if (!access) throw notFound('Trade not found');
      const record = await buildTradeRecord(db, access.tradeHash, store);
      if (!record) throw notFound('Trade not found');
      reply.header('cache-control', 'private, no-store');
      if (request.query.format === 'pdf') {
        const pdf = await renderTradeRecordPdf(record);
        // Bytes go out as they are (Fastify serialises objects only): the JSON schema is not theirs.
        return (reply as FastifyReply)
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="trade-${record.trade}-record.pdf"`)
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(pdf));
      }
      return { data: record };
    },
  );
};
