import type { FastifyReply, FastifyRequest } from 'fastify';
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
  type CurrentUser,
  type Locale,
} from '@app/contract';
import type { UserReadCache } from '../../platform/cache/user-reads.js';
import { nextMomentIn, sendKeptAnswer } from '../../platform/http/kept-answer.js';
import type { Db } from '../../platform/db/client.js';
import { requireUser } from '../../platform/auth/session.js';
import type { RateLimits } from '../../platform/rate-limit/index.js';
import { usersRepository } from '../users/repository.js';
import type { TradesService, TradeViewer } from './service.js';

type Options = {
  trades: TradesService;
  db: Db;
  limits: RateLimits;
  /** The user's own everyday reads, kept until their data changes (modules/app/user-reads.ts). */
  userReads: UserReadCache;
  /** The current user as every page reads it (kept the same way): a read's language comes from it. */
  readCurrentUser(userId: number): Promise<CurrentUser>;
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
  { trades, db, limits, confirmRelease, userReads, readCurrentUser },
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
  /** Who reads, from the session alone (no statement). */
  function viewerOf(request: FastifyRequest): TradeViewer {
    const user = requireUser(request);
    return { id: user.id, role: user.role };
  }

  /**
   * The same for a read: the language from the kept current user, so a page's reads run no statement
   * for it (a write reads the row: its own change dropped the kept one).
   */
  async function reader(
    request: FastifyRequest,
  ): Promise<{ viewer: TradeViewer; ip: string; locale: Locale }> {
    const viewer = viewerOf(request);
    const locale = localeSchema.safeParse((await readCurrentUser(viewer.id)).locale);
    return {
      viewer,
      ip: request.ip,
      locale: locale.success ? locale.data : 'en',
    };
  }

  /**
   * A trade as its party sees it, kept until the trade (or anything of theirs) changes or its next
   * moment comes (issue 28). Per address: the first view from a new one records it. Staff reading a
   * dispute are not told of its changes on the bus: they read afresh.
   */
  async function keptTrade(request: FastifyRequest, reply: FastifyReply, hash: string) {
    const { viewer, ip, locale } = await reader(request);
    if (viewer.role !== 'user') return { data: await trades.get(viewer, hash, { ip, locale }) };
    // Kept until a party changes, so the parties' numbers are read as they are now, not as shared.
    const read = () => trades.getWithParties(viewer, hash, { ip, locale, freshParties: userReads.enabled });
    return sendKeptAnswer(userReads, reply, viewer.id, `trade:${hash}:${locale}:${ip}`, async () => {
      const { trade, partyIds } = await read();
      return { data: trade, until: nextMomentIn(trade, Date.now()), others: partyIds };
    });
  }

  app.post(
    '/rest/v1/trade/start',
    {
      schema: {
        tags: ['trades'],
        summary: 'Start a trade on an offer',
        description:
          "Takes `fiat_amount` of the offer `offer_hash` (an offer hash): the seller's crypto for it, plus the escrow fee, moves into escrow and the trade starts in `active_funded` with the chat open. Any logged-in user but the offer's owner. Answers 201 with the trade; its `id` is the trade hash the other trade calls take. Refusals: 404 for an offer the caller may not see (unknown, blocked either way, trusted-only); 409 `TRADE_WITH_YOURSELF`, `OFFER_NOT_AVAILABLE`, `OFFER_CLOSED_NOW` (outside opening hours), `OFFER_CAP_REACHED`, `price_changed` (with `expected_price`, the price the taker confirmed: the price moved more than TRADE_PRICE_TOLERANCE_PERCENT, 0.5 %, from it; nothing is created, and the error's `priceChange` gives the new price and crypto amount to confirm again); 403 `OFFER_COUNTRY_NOT_ALLOWED`, `OFFER_REQUIREMENTS_NOT_MET` (one detail per unmet requirement), the account state or verification level; 422 on `fiat_amount` outside the offer's limits, beyond the caller's level limits or the seller's balance (`LowBalance`); 503 without a market rate.",
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
        description:
          "The caller's trades as buyer or seller that still hold crypto in escrow (started, paid, in dispute), for the dashboard. Logged-in users.",
        response: { 200: dataEnvelope(activeTradesSchema) },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      return sendKeptAnswer(userReads, reply, viewer.id, 'trades.active', async () => ({
        data: await trades.active(viewer),
      }));
    },
  );

  app.get(
    '/rest/v1/trade/history',
    {
      schema: {
        tags: ['trades'],
        summary: 'My trades in both roles, newest first, filtered by outcome',
        description:
          "The caller's trades as buyer and as seller, newest first: `status` filters by outcome (`all`, `successful`, `cancelled`, `disputed`, `expired`), `page` and `limit` page them (`nextPage` is null on the last page). Logged-in users.",
        querystring: tradeHistoryQuerySchema,
        response: { 200: dataEnvelope(tradeHistoryPageSchema) },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const { page, limit, status } = request.query;
      const key = `trades.history:${status}:${page}:${limit}`;
      return sendKeptAnswer(userReads, reply, viewer.id, key, async () => ({
        data: await trades.history(viewer, request.query),
      }));
    },
  );

  app.get(
    '/rest/v1/trade/:id',
    {
      schema: {
        tags: ['trades'],
        summary: 'One trade (its parties and moderators only)',
        description:
          "`{id}` is the trade hash. The trade as the caller sees it: their role, the amounts, the other party's public profile, the payment details once revealed, the actions they may take now and the chat's state. Only its buyer, its seller and staff (moderators) see it; anyone else gets 404, as for an unknown hash.",
        params: tradeIdParamsSchema,
        response: ok,
      },
    },
    async (request, reply) => keptTrade(request, reply, request.params.id),
  );

  app.get(
    '/rest/v2/trade/:tradeHash',
    {
      schema: {
        tags: ['trades'],
        summary: 'One trade (notifications)',
        description:
          '`{tradeHash}` is the trade hash. The same answer as GET /rest/v1/trade/{id}, for links in notifications. Its parties and staff only; anyone else gets 404.',
        params: tradeHashParamsSchema,
        response: ok,
      },
    },
    async (request, reply) => keptTrade(request, reply, request.params.tradeHash),
  );

  app.get(
    '/rest/v2/trade/:tradeHash/offer',
    {
      schema: {
        tags: ['trades'],
        summary: "The trade's offer at the trade's locked price (timestamp: cache buster)",
        description:
          "`{tradeHash}` is the trade hash. The offer the trade was started on, priced at the rate locked when the trade started (not today's). `timestamp` is ignored; the answer is never cached. The trade's parties and staff only; 404 otherwise.",
        params: tradeHashParamsSchema,
        querystring: tradeOfferQuerySchema,
        response: { 200: dataEnvelope(tradeOfferOfTradeSchema) },
      },
    },
    async (request, reply) => {
      // `timestamp` only defeats caches (the client sends Date.now()); the rate is the trade's own.
      reply.header('cache-control', 'no-store');
      return { data: await trades.offerOfTrade(viewerOf(request), request.params.tradeHash) };
    },
  );

  app.post(
    '/rest/v1/trade/:id/paid',
    {
      schema: {
        tags: ['trades'],
        summary: 'Buyer: mark the payment as sent',
        description:
          "`{id}` is the trade hash. The buyer says the fiat payment was sent: the trade becomes `paid`, the seller is told, and a dispute may be opened after TRADE_DISPUTE_AFTER_PAID_MINUTES. Only the buyer (403 `TRADE_FORBIDDEN_ACTION` to the seller); 409 `TRADE_INVALID_STATUS` in any other status or once the payment window has ended (the trade is then cancelled), 409 `TRADE_REQUIREMENTS_PENDING` while the offer's required uploads are missing; 404 for anyone else.",
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
        description:
          "`{id}` is the trade hash. The seller confirms the fiat arrived: the escrowed crypto goes to the buyer's wallet, the fee to the platform, and the trade is `released` (complete). This cannot be undone; the seller may also release during a dispute. When the seller protects releases with two-factor authentication, `code` is required (403 `TWO_FACTOR_REQUIRED` without it, 422 on `code` when wrong). Only the seller (403 `TRADE_FORBIDDEN_ACTION`); 409 `TRADE_INVALID_STATUS` once the trade has ended; 404 for anyone else.",
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
        description:
          '`{id}` is the trade hash. The escrowed crypto goes back to the seller and the trade ends as cancelled. The buyer may cancel while the trade is started or paid (not in dispute); the seller only when the buyer owns the offer and has not opened the trade within TRADE_SELLER_CANCEL_MINUTES (409 `SELLER_CANCEL_NOT_AVAILABLE`). 409 `TRADE_INVALID_STATUS` when ended; 404 for anyone else.',
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
        description:
          "The reasons a party may give when opening a dispute (`id`, slug, wording), optionally only the buyer's or the seller's (`role`). Public.",
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
        description:
          "`{id}` is the trade hash. Either party opens a dispute with one of their role's reasons (`dispute_reason_id`) and a description: the escrow stays frozen until a moderator awards it. Only from TRADE_DISPUTE_AFTER_PAID_MINUTES after the buyer marked the payment as sent (409 `DISPUTE_NOT_AVAILABLE_YET`); 409 `TRADE_INVALID_STATUS` in other statuses; 422 on an unknown reason or an empty text; 404 for anyone but the parties.",
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
        description:
          '`{id}` is the trade hash. For trades in an automated payment flow (gift card or bank transfer automation, lite): either party switches the trade to the manual steps (payment details, chat, mark paid, release); a trade already in the manual flow is answered as it is. 403 `TRADE_FORBIDDEN_ACTION` to staff; 409 `TRADE_INVALID_STATUS` once the trade has ended; 404 for anyone else.',
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
        description:
          "`{id}` is the trade hash. Records that the caller opened `url`, a link from the offer terms or payment details, and answers the link to open. 422 on `url` (`url_not_in_terms`) for any other link, so the call is no open redirect. The trade's parties and staff; 404 for anyone else.",
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
        description:
          "`{id}` is the trade hash. The seller accepts or rejects a file the buyer uploaded for one of the offer's requirements (`requirement_id`, e.g. a receipt); a rejected one must be uploaded again. Only the seller (403 `TRADE_FORBIDDEN_ACTION`); 422 `not_uploaded` before the upload; 409 `TRADE_INVALID_STATUS` once ended; 404 for anyone else.",
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
        description:
          "`{id}` is the trade hash. A page of the trade chat, oldest first: the newest messages by default, `before=<message id>` for older ones, `after=<message id>` for newer ones. User messages, status messages from the system and attachment notices. The trade's parties and staff only; 404 otherwise.",
        params: tradeIdParamsSchema,
        querystring: tradeMessagesQuerySchema,
        response: { 200: dataEnvelope(tradeMessagesPageSchema) },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const hash = request.params.id;
      const read = () => trades.messages(viewer, hash, request.query);
      // Staff reading a dispute are not told of its messages on the bus: they read afresh.
      if (viewer.role !== 'user') return { data: await read() };
      const { after, before, limit } = request.query;
      const key = `trade.messages:${hash}:${after}:${before}:${limit}`;
      return sendKeptAnswer(userReads, reply, viewer.id, key, async () => ({ data: await read() }));
    },
  );

  app.post(
    '/rest/v1/trade/:id/messages',
    {
      schema: {
        tags: ['trades'],
        summary: 'Write in the trade chat',
        description:
          "`{id}` is the trade hash. Posts `text` to the trade chat (201 with the message); the other party sees it at once over the WebSocket. The trade's parties only: staff write from the console (`POST /rest/v1/admin/disputes/{tradeId}/messages`, audited) and get 403 `TRADE_FORBIDDEN_ACTION` here. A chat that is closed answers 400 with the reason as the code: `ChatNotAvailableYet`, `ChatBlocked`, `ChatBlockedAfterTradeIsCanceled`, `ChatNotAvailableAfterTradeCompleted`. 429 `RATE_LIMITED` past RATE_LIMIT_CHAT_PER_MINUTE or RATE_LIMIT_CHAT_PER_TRADE_PER_MINUTE; 404 for anyone else.",
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
