import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReportActionBodySchema,
  adminReportPageSchema,
  adminReportParamsSchema,
  adminReportSchema,
  adminReportsQuerySchema,
  dataEnvelope,
  offerIdParamsSchema,
  offerReportBodySchema,
  offerReportReasonsSchema,
  offerReportStateSchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import { staffActorOf } from '../../platform/auth/staff-guard.js';
import type { ReportsModerationService } from './moderation-service.js';
import type { ReportsService } from './service.js';

/**
 * Reporting an offer (the spec leaves the path to us): `POST /rest/v1/offers/{hash}/report
 * { reason, message }`, the viewer's report state, and the reasons.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{
  reports: ReportsService;
  moderation: ReportsModerationService;
}> = async (app, { reports, moderation }) => {
  app.get(
    '/rest/v1/admin/reports',
    {
      config: { permission: 'reports.handle' },
      schema: {
        tags: ['admin'],
        summary: 'The offer-report queue: open reports oldest first, handled ones newest first',
        querystring: adminReportsQuerySchema,
        response: { 200: dataEnvelope(adminReportPageSchema) },
      },
    },
    async (request) => ({ data: await moderation.list(request.query) }),
  );

  app.post(
    '/rest/v1/admin/reports/:id',
    {
      config: { permission: 'reports.handle' },
      schema: {
        tags: ['admin'],
        summary: 'Dismiss a report, or deactivate, message the owner of, or penalise the offer; audited',
        params: adminReportParamsSchema,
        body: adminReportActionBodySchema,
        response: { 200: dataEnvelope(adminReportSchema) },
      },
    },
    async (request) => ({
      data: await moderation.act(staffActorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/rest/v1/offers/report-reasons',
    {
      schema: {
        tags: ['reports'],
        summary: 'Reasons an offer can be reported for',
        response: { 200: dataEnvelope(offerReportReasonsSchema) },
      },
    },
    async () => ({ data: reports.reasons() }),
  );

  app.get(
    '/rest/v1/offers/:id/report',
    {
      schema: {
        tags: ['reports'],
        summary: 'Whether I reported this offer',
        params: offerIdParamsSchema,
        response: { 200: dataEnvelope(offerReportStateSchema) },
      },
    },
    async (request) => ({ data: await reports.state(requireUser(request).id, request.params.id) }),
  );

  app.post(
    '/rest/v1/offers/:id/report',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report an offer to the moderators (once per offer; a daily limit per user)',
        params: offerIdParamsSchema,
        body: offerReportBodySchema,
        response: { 201: dataEnvelope(offerReportStateSchema) },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      return reply.code(201).send({ data: await reports.report(id, request.params.id, request.body) });
    },
  );
};
