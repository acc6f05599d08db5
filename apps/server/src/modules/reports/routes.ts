import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAppealDecisionBodySchema,
  adminAppealParamsSchema,
  adminOfferAppealPageSchema,
  adminOfferAppealSchema,
  adminOfferAppealsQuerySchema,
  offerAppealBodySchema,
  offerAppealSchema,
  offerHashParamsSchema,
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
import type { OfferAppealsService } from './offer-appeals-service.js';
import type { ReportsService } from './service.js';

/**
 * Reporting an offer (the spec leaves the path to us): `POST /rest/v1/offers/{hash}/report
 * { reason, message }`, the viewer's report state, and the reasons. The moderators' side: the report
 * queue and its actions, and the owners' appeals against a rejection (decision 0023).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{
  reports: ReportsService;
  moderation: ReportsModerationService;
  offerAppeals: OfferAppealsService;
}> = async (app, { reports, moderation, offerAppeals }) => {
  app.post(
    '/rest/v1/my-offers/:hash/appeal',
    {
      schema: {
        tags: ['offers'],
        summary: "Appeal against a moderator's rejection of my offer (once per rejection)",
        description:
          '`{hash}` is the offer hash. Only a rejected offer (moderation status 2) can be appealed; it becomes 4 (appealed) until a second ' +
          'moderator decides. Appealed already: 409 `ALREADY_APPEALED`; appeal turned down (3): 409 ' +
          '`APPEAL_NOT_AVAILABLE`; not rejected: 409 `OFFER_NOT_REJECTED`; not your offer: 404.',
        params: offerHashParamsSchema,
        body: offerAppealBodySchema,
        response: { 201: dataEnvelope(offerAppealSchema) },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      return reply.code(201).send({ data: await offerAppeals.appeal(id, request.params.hash, request.body) });
    },
  );

  app.get(
    '/rest/v1/admin/offer-appeals',
    {
      config: { permission: 'appeals.decide' },
      schema: {
        tags: ['admin'],
        summary:
          "Owners' appeals against offer rejections: waiting ones oldest first, the others newest first",
        description:
          "Offer owners' appeals against a moderator's rejection, filtered by `status` (`appealed`: waiting, the default, oldest first; `upheld`, `rejected`, `withdrawn`: newest first), `limit` at a time; pass the last id as `cursor` for the next page.",
        querystring: adminOfferAppealsQuerySchema,
        response: { 200: dataEnvelope(adminOfferAppealPageSchema) },
      },
    },
    async (request) => ({ data: await offerAppeals.list(request.query) }),
  );

  app.post(
    '/rest/v1/admin/offer-appeals/:id/decide',
    {
      config: { permission: 'appeals.decide' },
      schema: {
        tags: ['admin'],
        summary:
          'Uphold (approve the offer, lift any penalty) or reject (no appeal) an offer appeal; audited',
        description:
          '`{id}` is the appeal id. Never by the staff member who rejected the offer (403 `APPEAL_SAME_MODERATOR`) nor its owner (403 ' +
          '`APPEAL_OWN_OFFER`); once (409 `APPEAL_DECIDED`).',
        params: adminAppealParamsSchema,
        body: adminAppealDecisionBodySchema,
        response: { 200: dataEnvelope(adminOfferAppealSchema) },
      },
    },
    async (request) => ({
      data: await offerAppeals.decide(staffActorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/rest/v1/admin/reports',
    {
      config: { permission: 'reports.handle' },
      schema: {
        tags: ['admin'],
        summary: 'The offer-report queue: open reports oldest first, handled ones newest first',
        description:
          'Reports users filed against offers, filtered by `status` (`open`, the default, oldest first; handled ones newest first), each with the offer, its owner, the reporter, the reason and message; `cursor` pages them.',
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
        description:
          "`{id}` is the report's id. Handles an open report with a `reason` for the audit log: `dismiss` it, or act on the offer: `deactivate` (rejected by a moderator; the owner may appeal), `message_owner` (`text` required), `penalty` (off for `penaltyHours`, then the owner may reset it). 409 `REPORT_HANDLED` once handled; 404 for an unknown report.",
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
        description:
          'The reasons an offer can be reported for (trading outside escrow, bad terms, an obvious scam, ...), each with its code and wording; `other` needs a message. Public.',
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
        description:
          '`{id}` is the offer hash. Whether the caller has reported this offer already (the report button is then off). Logged-in users; 404 for an unknown offer.',
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
        description:
          "`{id}` is the offer hash. Reports the offer to the moderators with a `reason` (and a `message`, required for `other`); answers 201. Once per offer (409 `ALREADY_REPORTED`), never one's own (403 `REPORT_OWN_OFFER`), at most REPORTS_MAX_PER_DAY in 24 hours (429 `RATE_LIMITED` with Retry-After). Logged-in users; 404 for an unknown offer.",
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
