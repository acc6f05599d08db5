import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDisputeAssignBodySchema,
  adminDisputeAwardBodySchema,
  adminDisputeDetailSchema,
  adminDisputeMessageBodySchema,
  adminDisputePageSchema,
  adminDisputeParamsSchema,
  adminDisputeReleaseBodySchema,
  adminDisputeSchema,
  adminDisputesQuerySchema,
  adminEvidenceRequestBodySchema,
  dataEnvelope,
  tradeMessageSchema,
} from '@app/contract';
import { staffActorOf } from '../../platform/auth/staff-guard.js';
import type { DisputesService } from './service.js';

/**
 * The moderators' dispute queue and decisions (issue 11, decision 0021). Each route names its permission;
 * the staff gate answers 404 to non-staff and 403 FORBIDDEN_ROLE to a role without it.
 */
export const disputesRoutes: FastifyPluginAsyncZod<{ disputes: DisputesService }> = async (
  app,
  { disputes },
) => {
  app.get(
    '/rest/v1/admin/disputes',
    {
      config: { permission: 'disputes.take' },
      schema: {
        tags: ['admin'],
        summary: 'The dispute queue: open (nobody holds it) and assigned oldest first, decided newest first',
        description:
          'Trades in dispute by `status`: `open` (nobody holds it; the default) and `assigned` oldest first, `decided` newest first, with the reason, the parties and who holds it; `cursor` pages them.',
        querystring: adminDisputesQuerySchema,
        response: { 200: dataEnvelope(adminDisputePageSchema) },
      },
    },
    async (request) => ({ data: await disputes.list(request.query) }),
  );

  app.get(
    '/rest/v1/admin/disputes/:tradeId',
    {
      config: { permission: 'disputes.take' },
      schema: {
        tags: ['admin'],
        summary: 'One dispute: the trade, both parties, the reason, who holds it, and the whole chat',
        description:
          '`{tradeId}` is the trade hash. The dispute with its trade, both parties and their numbers, the reason and text given, who holds it, and the whole trade chat with its attachments. 404 for a trade that is not or was never in dispute.',
        params: adminDisputeParamsSchema,
        response: { 200: dataEnvelope(adminDisputeDetailSchema) },
      },
    },
    async (request) => ({ data: await disputes.detail(staffActorOf(request), request.params.tradeId) }),
  );

  app.post(
    '/rest/v1/admin/disputes/:tradeId/assign',
    {
      config: { permission: 'disputes.take' },
      schema: {
        tags: ['admin'],
        summary: 'Take the dispute ({}), take it over ({takeover: true}) or give it to {username}; audited',
        description:
          '`{tradeId}` is the trade hash. With `{}` the caller takes an open dispute; `takeover: true` takes it from whoever holds it; `username` gives it to another staff member (422 `unknown_user`, `not_a_moderator`). The holder writes in the trade chat and decides. Audited. 403 `DISPUTE_OWN_TRADE` for a party of the trade; 409 `DISPUTE_DECIDED` once decided; 404 for an unknown dispute.',
        params: adminDisputeParamsSchema,
        body: adminDisputeAssignBodySchema,
        response: { 200: dataEnvelope(adminDisputeSchema) },
      },
    },
    async (request) => ({
      data: await disputes.assign(staffActorOf(request), request.params.tradeId, request.body),
    }),
  );

  app.post(
    '/rest/v1/admin/disputes/:tradeId/evidence-request',
    {
      config: { permission: 'disputes.take' },
      schema: {
        tags: ['admin'],
        summary: 'Ask the buyer or the seller for more evidence (a chat message addressed to them); audited',
        description:
          '`{tradeId}` is the trade hash. Asks the `buyer` or the `seller` (`party`) for more evidence: `text` appears in the trade chat addressed to them. Audited. 409 `DISPUTE_DECIDED` once decided; 404 for an unknown dispute.',
        params: adminDisputeParamsSchema,
        body: adminEvidenceRequestBodySchema,
        response: { 200: dataEnvelope(adminDisputeSchema) },
      },
    },
    async (request) => ({
      data: await disputes.requestEvidence(staffActorOf(request), request.params.tradeId, request.body),
    }),
  );

  app.post(
    '/rest/v1/admin/disputes/:tradeId/messages',
    {
      config: { permission: 'disputes.take' },
      schema: {
        tags: ['admin'],
        summary: 'Write to both parties in the trade chat as staff (a "Moderator" message); audited',
        description:
          "`{tradeId}` is the trade hash. Posts `text` (1..2,000 characters) to the trade chat as a staff message (author role `moderator`; 201 with the message), chained in the trade record and sent live to both parties. Audited (`dispute.message`). Who may write: while undecided the holder, or a supermod or admin; once decided the moderator who decided or held it, or a supermod or admin, until the parties' chat closes (TRADE_CHAT_GRACE_HOURS after the trade ended). 409 `DISPUTE_NOT_YOURS` for another moderator, `DISPUTE_CHAT_CLOSED` after that; 403 `DISPUTE_OWN_TRADE` for a party of the trade; 404 for an unknown dispute.",
        params: adminDisputeParamsSchema,
        body: adminDisputeMessageBodySchema,
        response: { 201: dataEnvelope(tradeMessageSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await disputes.postMessage(staffActorOf(request), request.params.tradeId, request.body),
      }),
  );

  app.post(
    '/rest/v1/admin/disputes/:tradeId/award',
    {
      config: { permission: 'disputes.award' },
      schema: {
        tags: ['admin'],
        summary:
          'Decide the dispute for the buyer (escrow released) or the seller (refunded); reason required',
        description:
          '`{tradeId}` is the trade hash. Decides the dispute for the `winner` with a `reason` both parties read: `buyer` releases the escrow to the buyer, `seller` refunds it to the seller; the ledger moves at once and the trade ends. Audited. With the disputeAppeal feature the losing party may appeal within TRADE_APPEAL_WINDOW_HOURS, and the winner’s share is held in their wallet until then (until the appeal’s decision if one is filed), so an upheld appeal always recovers it. 403 `DISPUTE_OWN_TRADE` for a party; 409 `DISPUTE_DECIDED` when already decided; 404 for an unknown dispute.',
        params: adminDisputeParamsSchema,
        body: adminDisputeAwardBodySchema,
        response: { 200: dataEnvelope(adminDisputeSchema) },
      },
    },
    async (request) => ({
      data: await disputes.award(staffActorOf(request), request.params.tradeId, request.body),
    }),
  );

  app.post(
    '/rest/v1/admin/disputes/:tradeId/release',
    {
      config: { permission: 'disputes.take' },
      schema: {
        tags: ['admin'],
        summary: 'Leave a dispute: back to the queue, the chat says no moderator is available; audited',
        description:
          '`{tradeId}` is the trade hash. The holder gives the dispute back to the queue (an optional `reason` for the audit log); the chat tells the parties no moderator is available for now. 409 `DISPUTE_NOT_HELD` when nobody holds it, `DISPUTE_DECIDED` once decided; 404 for an unknown dispute.',
        params: adminDisputeParamsSchema,
        body: adminDisputeReleaseBodySchema,
        response: { 200: dataEnvelope(adminDisputeSchema) },
      },
    },
    async (request) => ({
      data: await disputes.release(staffActorOf(request), request.params.tradeId, request.body),
    }),
  );
};
