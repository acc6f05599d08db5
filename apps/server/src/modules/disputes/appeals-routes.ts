import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAppealDecisionBodySchema,
  adminAppealPageSchema,
  adminAppealParamsSchema,
  adminAppealSchema,
  adminAppealsQuerySchema,
  dataEnvelope,
  localeSchema,
  tradeAppealBodySchema,
  tradeIdParamsSchema,
  tradeSchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import { staffActorOf } from '../../platform/auth/staff-guard.js';
import type { AppealsService } from './appeals-service.js';

/** Appeals against dispute decisions: the party's appeal and the second moderator's decision (0024). */
export const appealsRoutes: FastifyPluginAsyncZod<{ appeals: AppealsService }> = async (app, { appeals }) => {
  app.post(
    '/rest/v1/trade/:id/appeal',
    {
      schema: {
        tags: ['trades'],
        summary:
          "Appeal a moderator's dispute decision (the losing party, within the window; flag disputeAppeal)",
        description:
          "`{id}` is the trade hash. The party who lost a moderator's dispute decision appeals it with a `reason`, within TRADE_APPEAL_WINDOW_HOURS of the decision, once; a second moderator then upholds (the award is reversed through the ledger from its hold) or rejects it (the hold is released to the winner). The award stays held until the decision. Only with the `disputeAppeal` feature flag. 409 `APPEAL_NOT_AVAILABLE` (not the losing party, no decision, the flag off), `APPEAL_EXPIRED`, `ALREADY_APPEALED`; 404 for anyone but the trade's parties.",
        params: tradeIdParamsSchema,
        body: tradeAppealBodySchema,
        response: { 200: dataEnvelope(tradeSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const locale = localeSchema.safeParse(request.headers['accept-language']?.slice(0, 2));
      return {
        data: await appeals.appeal({ id: user.id, role: user.role }, request.params.id, request.body, {
          ip: request.ip,
          locale: locale.success ? locale.data : 'en',
        }),
      };
    },
  );

  app.get(
    '/rest/v1/admin/appeals',
    {
      config: { permission: 'appeals.decide' },
      schema: {
        tags: ['admin'],
        summary: 'Appeals: waiting ones oldest first, decided ones newest first',
        description:
          "Parties' appeals against dispute decisions by `status`: `appealed` (waiting; the default, oldest first), `upheld`, `rejected` (newest first), with the trade, the decision appealed and the reason; `cursor` pages them.",
        querystring: adminAppealsQuerySchema,
        response: { 200: dataEnvelope(adminAppealPageSchema) },
      },
    },
    async (request) => ({ data: await appeals.list(request.query) }),
  );

  app.post(
    '/rest/v1/admin/appeals/:id/decide',
    {
      config: { permission: 'appeals.decide' },
      schema: {
        tags: ['admin'],
        summary:
          'Uphold (the award is reversed through the ledger) or reject an appeal; never by the first decider',
        description:
          "`{id}` is the appeal's id. `uphold` reverses the award through the ledger (the escrow goes to the other party, in full from the award's hold; awards made before holds existed: from the first winner's available balance, never below zero, the rest recorded as `shortfallAmount`), `reject` keeps it and releases the hold to the winner at once; a `reason` both parties read; audited. Never by the moderator who made the decision (403 `APPEAL_SAME_MODERATOR`), nor by a party of the trade (403 `DISPUTE_OWN_TRADE`); 409 `APPEAL_DECIDED` once decided; 404 for an unknown appeal.",
        params: adminAppealParamsSchema,
        body: adminAppealDecisionBodySchema,
        response: { 200: dataEnvelope(adminAppealSchema) },
      },
    },
    async (request) => ({
      data: await appeals.decide(staffActorOf(request), request.params.id, request.body),
    }),
  );
};
