import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDisputeAssignBodySchema,
  adminDisputeAwardBodySchema,
  adminDisputeDetailSchema,
  adminDisputePageSchema,
  adminDisputeParamsSchema,
  adminDisputeReleaseBodySchema,
  adminDisputeSchema,
  adminDisputesQuerySchema,
  adminEvidenceRequestBodySchema,
  dataEnvelope,
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
    '/rest/v1/admin/disputes/:tradeId/award',
    {
      config: { permission: 'disputes.award' },
      schema: {
        tags: ['admin'],
        summary:
          'Decide the dispute for the buyer (escrow released) or the seller (refunded); reason required',
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
