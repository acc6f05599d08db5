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
        description:
          "The seller of a completed trade (`id_hashed`, the trade hash) reports that the buyer reversed the fiat payment afterwards, with the `chargeback_date` and `amount`; staff then confirm or dismiss it. Answers 201 with the report. 403 `CHARGEBACK_NOT_SELLER` for the buyer; 409 `CHARGEBACK_NOT_AVAILABLE` before the crypto reached the buyer, `ALREADY_REPORTED` for a second report; 429 `TOO_MANY_REPORTS` past the daily limit; 404 for anyone but the trade's parties.",
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
        description:
          'Chargeback reports by `status`: `Pending` (the default, oldest first), `Dismissed` or `Confirmed` (newest first), with the trade, both parties and the amount; `cursor` pages them.',
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
        description:
          "`{id}` is the report's id. Decides a pending report with a `reason`: `Confirmed` marks the buyer's account as having reversed a payment, `Dismissed` closes the report. Audited. 409 `CHARGEBACK_DECIDED` once decided; 404 for an unknown report.",
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
