import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeTradesSchema,
  dataEnvelope,
  DISPUTE_REASONS,
  disputeReasonSchema,
  disputeReasonsQuerySchema,
  localeSchema,
  tradeDisputeBodySchema,
  tradeHashParamsSchema,
  tradeHistoryQuerySchema,
  tradeIdParamsSchema,
  tradeHistoryPageSchema,
  tradeMessageBodySchema,
  tradeMessageSchema,
  tradeMessagesPageSchema,
  tradeMessagesQuerySchema,
  tradeOfferOfTradeSchema,
  tradeOfferQuerySchema,
  tradePolicyReadBodySchema,
  tradePolicyReadResultSchema,
  tradeReleaseBodySchema,
  tradeRequirementBodySchema,
  tradeSchema,
  tradeStartBodySchema,
  type Locale,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { requireUser } from '../../platform/auth/session.js';
import type { RateLimits } from '../../platform/rate-limit/index.js';
import { usersRepository } from '../users/repository.js';
import type { TradesService, TradeViewer } from './service.js';

type Options = {
  trades: TradesService;
  db: Db;
  limits: RateLimits;
  /** Lets a release through when the seller does not ask for a code for it, or with a right one (0028). */
  confirmRelease: (userId: number, code: string | undefined) => Promise<void>;
};

/**
 * What each call answers, so the document types it and the serializer holds the answer to it (a field
 * outside the contract is dropped, never leaked).
 */
const tradeAnswer = dataEnvelope(tradeSchema);
const created = { 201: tradeAnswer };
const ok = { 200: tradeAnswer };

/**
 * The trade calls of the spec (section 7) plus the start, history and chat calls it leaves unnamed
 * (docs/decisions/0009-trades.md). Handlers are a guard, one service call, the `{ data }` envelope.
 * Bodies are answered in the contract's shapes (`packages/contract/src/trades.ts`); the API tests
 * parse them with those schemas.
 */
export const tradesRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { trades, db, limits, confirmRelease },
) => {
  /** The viewer, their IP and their language (payment method names are localized). */
  async function who(request: FastifyRequest): Promise<{ viewer: TradeViewer; ip: string; locale: Locale }> {
    const user = requireUser(request);
    const row = await usersRepository.findById(db, user.id);
    const locale = localeSchema.safeParse(row?.locale);
    return {
      viewer: { id: user.id, role: user.role },
      ip: request.ip,
      locale: locale.success ? locale.data : 'en',
    };
  }

  app.post(
    '/rest/v1/trade/start',
    {
      schema: {
        tags: ['trades'],
        summary: 'Start a trade on an offer',
        body: tradeStartBodySchema,
        response: created,
      },
    },
    async (request, reply) => {
      const { viewer, ip, locale } = await who(request);
      return reply.code(201).send({ data: await trades.start(viewer, request.body, { ip, locale }) });
    },
  );

  app.get(
    '/rest/v1/trade/active',
    {
      schema: {
        tags: ['trades'],
        summary: 'My active trades (escrow still holding crypto)',
        response: { 200: dataEnvelope(activeTradesSchema) },
      },
    },
    async (request) => ({ data: await trades.active((await who(request)).viewer) }),
  );

  app.get(
    '/rest/v1/trade/history',
    {
      schema: {
        tags: ['trades'],
        summary: 'My trades in both roles, newest first, filtered by outcome',
        querystring: tradeHistoryQuerySchema,
        response: { 200: dataEnvelope(tradeHistoryPageSchema) },
      },
    },
    async (request) => ({ data: await trades.history((await who(request)).viewer, request.query) }),
  );

  app.get(
    '/rest/v1/trade/:id',
    {
      schema: {
        tags: ['trades'],
        summary: 'One trade (its parties and moderators only)',
        params: tradeIdParamsSchema,
        response: ok,
      },
    },
    async (request) => {
      const { viewer, ip, locale } = await who(request);
      return { data: await trades.get(viewer, request.params.id, { ip, locale }) };
    },
  );

  app.get(
    '/rest/v2/trade/:tradeHash',
    {
      schema: {
        tags: ['trades'],
        summary: 'One trade (notifications)',
        params: tradeHashParamsSchema,
        response: ok,
      },
    },
    async (request) => {
      const { viewer, ip, locale } = await who(request);
      return { data: await trades.get(viewer, request.params.tradeHash, { ip, locale }) };
    },
  );

  app.get(
    '/rest/v2/trade/:tradeHash/offer',
    {
      schema: {
        tags: ['trades'],
        summary: "The trade's offer at the trade's locked price (timestamp: cache buster)",
        params: tradeHashParamsSchema,
        querystring: tradeOfferQuerySchema,
        response: { 200: dataEnvelope(tradeOfferOfTradeSchema) },
      },
    },
    async (request, reply) => {
      // `timestamp` only defeats caches (the client sends Date.now()); the rate is the trade's own.
      reply.header('cache-control', 'no-store');
      return { data: await trades.offerOfTrade((await who(request)).viewer, request.params.tradeHash) };
    },
  );

  app.post(
    '/rest/v1/trade/:id/paid',
    {
      schema: {
        tags: ['trades'],
        summary: 'Buyer: mark the payment as sent',
        params: tradeIdParamsSchema,
        response: ok,
      },
    },
    async (request) => {
      const { viewer, ip, locale } = await who(request);
      return { data: await trades.markPaid(viewer, request.params.id, { ip, locale }) };
    },
  );

  app.post(
    '/rest/v1/trade/:id/release',
    {
      schema: {
        tags: ['trades'],
        summary: 'Seller: release the escrow to the buyer (irreversible)',
        params: tradeIdParamsSchema,
        body: tradeReleaseBodySchema,
        response: ok,
      },
    },
    async (request) => {
      const { viewer, ip, locale } = await who(request);
      await confirmRelease(viewer.id, request.body?.code);
      return { data: await trades.release(viewer, request.params.id, { ip, locale }) };
    },
  );

  app.post(
    '/rest/v1/trade/:id/cancel',
    {
      schema: {
        tags: ['trades'],
        summary: 'Cancel (escrow back to the seller)',
        params: tradeIdParamsSchema,
        response: ok,
      },
    },
    async (request) => {
      const { viewer, ip, locale } = await who(request);
      return { data: await trades.cancel(viewer, request.params.id, { ip, locale }) };
    },
  );

  app.get(
    '/rest/v1/dispute/reasons',
    {
      schema: {
        tags: ['trades'],
        summary: 'Dispute reasons (per role)',
        querystring: disputeReasonsQuerySchema,
        response: { 200: dataEnvelope(z.array(disputeReasonSchema)) },
      },
    },
    async (request) => ({
      data: DISPUTE_REASONS.filter((r) => !request.query.role || r.role === request.query.role),
    }),
  );

  app.post(
    '/rest/v1/trade/:id/dispute',
    {
      schema: {
        tags: ['trades'],
        summary: 'Open a dispute (freezes the escrow until a moderator decides)',
        params: tradeIdParamsSchema,
        body: tradeDisputeBodySchema,
        response: ok,
      },
    },
    async (request) => {
      const { viewer, ip, locale } = await who(request);
      return { data: await trades.openDispute(viewer, request.params.id, request.body, { ip, locale }) };
    },
  );

  app.post(
    '/rest/v1/trade/:id/fallback',
    {
      schema: {
        tags: ['trades'],
        summary: 'Leave an automated flow for the manual one',
        params: tradeIdParamsSchema,
        response: ok,
      },
    },
    async (request) => {
      const { viewer, ip, locale } = await who(request);
      return { data: await trades.fallback(viewer, request.params.id, { ip, locale }) };
    },
  );

  app.post(
    '/rest/v1/trade/:id/policy-read',
    {
      schema: {
        tags: ['trades'],
        summary: 'Record that a link from the offer terms was opened',
        params: tradeIdParamsSchema,
        body: tradePolicyReadBodySchema,
        response: { 200: dataEnvelope(tradePolicyReadResultSchema) },
      },
    },
    async (request) => ({
      data: await trades.policyRead((await who(request)).viewer, request.params.id, request.body.url),
    }),
  );

  app.post(
    '/rest/v1/trade/:id/requirement',
    {
      schema: {
        tags: ['trades'],
        summary: 'Seller: approve or reject an uploaded requirement',
        params: tradeIdParamsSchema,
        body: tradeRequirementBodySchema,
        response: ok,
      },
    },
    async (request) => {
      const { viewer, ip, locale } = await who(request);
      return {
        data: await trades.reviewRequirement(viewer, request.params.id, request.body, { ip, locale }),
      };
    },
  );

  app.get(
    '/rest/v1/trade/:id/messages',
    {
      schema: {
        tags: ['trades'],
        summary: 'Chat messages, oldest first (newest page, before=<id> or after=<id>)',
        params: tradeIdParamsSchema,
        querystring: tradeMessagesQuerySchema,
        response: { 200: dataEnvelope(tradeMessagesPageSchema) },
      },
    },
    async (request) => ({
      data: await trades.messages((await who(request)).viewer, request.params.id, request.query),
    }),
  );

  app.post(
    '/rest/v1/trade/:id/messages',
    {
      schema: {
        tags: ['trades'],
        summary: 'Write in the trade chat',
        params: tradeIdParamsSchema,
        body: tradeMessageBodySchema,
        response: { 201: dataEnvelope(tradeMessageSchema) },
      },
    },
    async (request, reply) => {
      // The session row a write reads is current (decision 0031): the author needs no other lookup.
      const author = requireUser(request);
      await limits.chatMessage(author.id, request.params.id);
      return reply.code(201).send({
        data: await trades.postMessage(author, request.params.id, request.body.text),
      });
    },
  );
};
