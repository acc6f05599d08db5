import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminChargebackDecisionBodySchema,
  adminChargebackPageSchema,
  adminChargebackParamsSchema,
  adminChargebacksQuerySchema,
  chargebackReportBodySchema,
  chargebackSchema,
  dataEnvelope,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import { staffActorOf } from '../../platform/auth/staff-guard.js';
import type { ChargebacksService } from './service.js';

/** Chargeback reports by sellers, and their handling in the staff console (decision 0022). */
export const chargebacksRoutes: FastifyPluginAsyncZod<{ chargebacks: ChargebacksService }> = async (
  app,
  { chargebacks },
) => {
  app.post(
    '/rest/v1/user-reports/chargeback',
    {
      schema: {
        tags: ['reports'],
        summary: "Report that the buyer of a completed trade reversed the payment (the trade's seller)",
        body: chargebackReportBodySchema,
        response: { 201: dataEnvelope(chargebackSchema) },
      },
    },
    async (request, reply) => {
      const report = await chargebacks.report(requireUser(request).id, request.body);
      return reply.code(201).send({ data: report });
    },
  );

  app.get(
    '/rest/v1/admin/chargebacks',
    {
      config: { permission: 'chargebacks.handle' },
      schema: {
        tags: ['admin'],
        summary: 'Chargeback reports by status: Pending oldest first, the others newest first',
        querystring: adminChargebacksQuerySchema,
        response: { 200: dataEnvelope(adminChargebackPageSchema) },
      },
    },
    async (request) => ({ data: await chargebacks.list(request.query) }),
  );

  app.post(
    '/rest/v1/admin/chargebacks/:id',
    {
      config: { permission: 'chargebacks.handle' },
      schema: {
        tags: ['admin'],
        summary: "Dismiss or confirm a pending chargeback report (confirmed: the buyer's account is marked)",
        params: adminChargebackParamsSchema,
        body: adminChargebackDecisionBodySchema,
        response: { 200: dataEnvelope(chargebackSchema) },
      },
    },
    async (request) => ({
      data: await chargebacks.decide(staffActorOf(request), request.params.id, request.body),
    }),
  );
};
