import { z } from 'zod';
import { tradePaymentAccountSchema } from './payment-accounts.js';
import { secondFactorCodeSchema } from './two-factor.js';
import { appealOutcomes, awardHoldStatuses, tradeAppealStatusSchema } from './appeals.js';
import { positiveDecimalSchema } from './offers.js';
import { compareDecimals, multiply, parseDecimal, subtract } from './rates.js';
import { timestampSchema } from './common.js';
import { lineString, textString } from './strings.js';

/**
 * Trades: statuses, the lifecycle state machine (one pure table the server, the expiry job, moderators
 * and the web all read), request bodies and response shapes. Decisions: docs/decisions/0009-trades.md.
 */

// --- statuses ----------------------------------------------------------------------------------------

/** Every trade status the spec names (section 3). The lifecycle below moves between a subset of them. */
export const tradeStatuses = [
  'not_funded',
  'funds_processing',
  'funds_processed',
  'active_funded',
  'pending',
  'paid',
  'released',
  'cancelled',
  'cancelled_buyer',
  'cancelled_seller',
  'cancelled_system',
  'expired',
  'dispute_open',
  'dispute_awarded',
  'dispute_won_buyer',
  'dispute_won_seller',
] as const;
export const tradeStatusSchema = z.enum(tradeStatuses);
export type TradeStatus = z.infer<typeof tradeStatusSchema>;

/** A new trade starts funded: the seller's crypto is locked in the same transaction that creates it. */
export const INITIAL_TRADE_STATUS: TradeStatus = 'active_funded';

/** Statuses in which the escrow still holds the crypto (the trade counts as "active"). */
export const activeTradeStatuses = [
  'active_funded',
  'paid',
  'dispute_open',
] as const satisfies readonly TradeStatus[];
/** The crypto went to the buyer. */
export const releasedTradeStatuses = [
  'released',
  'dispute_won_buyer',
] as const satisfies readonly TradeStatus[];
/** Cancelled by a party (or by the moderator for the seller): the crypto went back to the seller. */
export const cancelledTradeStatuses = [
  'cancelled',
  'cancelled_buyer',
  'cancelled_seller',
  'dispute_won_seller',
] as const satisfies readonly TradeStatus[];
/** The payment window ran out unpaid; the system cancelled it (Paxful's "expired / cancelled by system"). */
export const expiredTradeStatuses = ['cancelled_system', 'expired'] as const satisfies readonly TradeStatus[];

export const isActiveTradeStatus = (status: TradeStatus): boolean =>
  (activeTradeStatuses as readonly TradeStatus[]).includes(status);
/** Spec: finished if completed and not cancelled. */
export const isCompletedTradeStatus = (status: TradeStatus): boolean =>
  (releasedTradeStatuses as readonly TradeStatus[]).includes(status);
/** Spec: cancelled by the buyer or by the system (we also count the seller's cancel and a lost dispute). */
export const isCancelledTradeStatus = (status: TradeStatus): boolean =>
  (cancelledTradeStatuses as readonly TradeStatus[]).includes(status) ||
  (expiredTradeStatuses as readonly TradeStatus[]).includes(status);

// --- the state machine -------------------------------------------------------------------------------

export const tradeActions = [
  'mark_paid',
  'release',
  'cancel',
  'expire',
  'open_dispute',
  'award_buyer',
  'award_seller',
] as const;
export const tradeActionSchema = z.enum(tradeActions);
export type TradeAction = z.infer<typeof tradeActionSchema>;

/** Who acts: one of the two parties, the expiry job, or a moderator settling a dispute. */
export const tradeActors = ['buyer', 'seller', 'system', 'moderator'] as const;
export type TradeActor = (typeof tradeActors)[number];

/** What a transition does to the money, inside the same database transaction as the status change. */
export const tradeEffects = ['none', 'release_escrow', 'refund_escrow'] as const;
export type TradeEffect = (typeof tradeEffects)[number];

/**
 * Conditions that depend on time or facts outside the status (checked by the server; the table only
 * names them so the web can explain a disabled button):
 * - `dispute_available`: now is at or after the trade's `dispute.availableAt`.
 * - `buyer_unresponsive`: the buyer is the offer owner and has not opened the trade within the
 *   configured minutes after it started (Paxful: the seller may then cancel).
 * - `requirements_met`: every required "before mark as paid" requirement is uploaded or approved.
 */
export const tradeGuards = ['dispute_available', 'buyer_unresponsive', 'requirements_met'] as const;
export type TradeGuard = (typeof tradeGuards)[number];

export type TradeTransition = { next: TradeStatus; effect: TradeEffect; guard?: TradeGuard };

type TransitionTable = Partial<
  Record<TradeStatus, Partial<Record<TradeAction, Partial<Record<TradeActor, TradeTransition>>>>>
>;

/**
 * THE lifecycle: (status, action, actor) -> next status and money effect. Everything not listed is
 * forbidden. Final statuses (released, cancelled_*, dispute_won_*) have no way out.
 *
 * - active_funded: the buyer marks paid, cancels (refund); the seller releases early, or cancels when
 *   the buyer (as offer owner) is unresponsive; the payment window's end expires it (refund).
 * - paid: the seller releases; the buyer may still cancel (refund); either party opens a dispute once
 *   it is available. Paid trades never expire: the buyer said the money is on its way.
 * - dispute_open: the escrow is frozen. Only the seller may still release (admitting the payment came),
 *   and a moderator awards it to the buyer (release) or the seller (refund).
 */
export const TRADE_TRANSITIONS: TransitionTable = {
  active_funded: {
    mark_paid: { buyer: { next: 'paid', effect: 'none', guard: 'requirements_met' } },
    release: { seller: { next: 'released', effect: 'release_escrow' } },
    cancel: {
      buyer: { next: 'cancelled_buyer', effect: 'refund_escrow' },
      seller: { next: 'cancelled_seller', effect: 'refund_escrow', guard: 'buyer_unresponsive' },
    },
    expire: { system: { next: 'cancelled_system', effect: 'refund_escrow' } },
  },
  paid: {
    release: { seller: { next: 'released', effect: 'release_escrow' } },
    cancel: { buyer: { next: 'cancelled_buyer', effect: 'refund_escrow' } },
    open_dispute: {
      buyer: { next: 'dispute_open', effect: 'none', guard: 'dispute_available' },
      seller: { next: 'dispute_open', effect: 'none', guard: 'dispute_available' },
    },
  },
  dispute_open: {
    release: { seller: { next: 'released', effect: 'release_escrow' } },
    award_buyer: { moderator: { next: 'dispute_won_buyer', effect: 'release_escrow' } },
    award_seller: { moderator: { next: 'dispute_won_seller', effect: 'refund_escrow' } },
  },
};

export type TransitionResult =
  | ({ ok: true } & TradeTransition)
  /**
   * `wrong_status`: nobody may do this in this status (409). `wrong_actor`: someone else may, not this
   * actor (403).
   */
  | { ok: false; reason: 'wrong_status' | 'wrong_actor' };

/** Looks one cell up. Pure: the caller checks the guard and applies the effect. */
export function tradeTransition(
  status: TradeStatus,
  action: TradeAction,
  actor: TradeActor,
): TransitionResult {
  const byActor = TRADE_TRANSITIONS[status]?.[action];
  if (!byActor) return { ok: false, reason: 'wrong_status' };
  const cell = byActor[actor];
  if (!cell) return { ok: false, reason: 'wrong_actor' };
  return { ok: true, ...cell };
}

/** The actions an actor may take in a status (guards not evaluated). */
export function tradeActionsFor(status: TradeStatus, actor: TradeActor): TradeAction[] {
  return tradeActions.filter((action) => tradeTransition(status, action, actor).ok);
}

// --- start, actions, dispute -------------------------------------------------------------------------

/** The public id of a trade (random base62, like offers). */
export const tradeHashSchema = lineString().regex(/^[0-9A-Za-z]{8,32}$/, 'Unknown trade');
export const tradeIdParamsSchema = z.object({ id: tradeHashSchema });
export const tradeHashParamsSchema = z.object({ tradeHash: tradeHashSchema });

/** `POST /rest/v1/trade/start`: the offer and the fiat amount the taker wants to trade. */
export const tradeStartBodySchema = z.object({
  offer_hash: lineString()
    .trim()
    .regex(/^[0-9A-Za-z]{8,32}$/, 'Unknown offer'),
  fiat_amount: positiveDecimalSchema,
  /**
   * The price (fiat per one coin) the taker was shown when they confirmed. When given, the server
   * refuses with 409 `price_changed` if its own price moved more than `TRADE_PRICE_TOLERANCE_PERCENT`
   * from it, and starts nothing. Left out (API clients): the trade takes the current price, as before.
   */
  expected_price: positiveDecimalSchema.optional(),
});
export type TradeStartBody = z.infer<typeof tradeStartBodySchema>;

// --- the price a taker confirmed ---------------------------------------------------------------------

/**
 * How far (in percent of the price the taker saw) the price may move between the confirmation and the
 * start before the taker is asked again. The web states this number in the confirmation.
 */
export const TRADE_PRICE_TOLERANCE_PERCENT = '0.5';

/**
 * Whether `actual` moved more than `tolerancePercent` away from `expected`, either way (a cheaper price
 * also changes how much crypto the amount buys, so the taker sees it first). Exact decimal arithmetic:
 * |actual - expected| x 100 > tolerance x expected. Exactly at the tolerance is still within it.
 */
export function priceMovedBeyondTolerance(
  expected: string,
  actual: string,
  tolerancePercent: string = TRADE_PRICE_TOLERANCE_PERCENT,
): boolean {
  const seen = parseDecimal(expected);
  const difference = subtract(parseDecimal(actual), seen);
  const moved = multiply(
    { units: difference.units < 0n ? -difference.units : difference.units, scale: difference.scale },
    parseDecimal('100'),
  );
  return compareDecimals(moved, multiply(parseDecimal(tolerancePercent), seen)) > 0;
}

/**
 * The 409 `price_changed` answer's own part (beside `code` and `message` in the error entry): what the
 * taker confirmed and what a start now would give. Nothing was created; confirming again with
 * `expected_price` = `price` starts the trade (if the price holds).
 */
export const tradePriceChangeSchema = z.object({
  /** The price the taker sent (`expected_price`). */
  expectedPrice: z.string(),
  /** The price a start would use now (fiat per one coin). */
  price: z.string(),
  fiatAmount: z.string(),
  fiatCurrencyCode: z.string(),
  /** The crypto the amount buys at `price`, in coins (the trade's `cryptoAmount` rule: rounded down). */
  cryptoAmount: z.string(),
  cryptoCurrencyCode: z.string(),
  tolerancePercent: z.string(),
});
export type TradePriceChange = z.infer<typeof tradePriceChangeSchema>;
export const tradePriceChangedErrorSchema = z.object({
  code: z.literal('price_changed'),
  message: z.string(),
  priceChange: tradePriceChangeSchema,
});

/**
 * `POST /rest/v1/trade/{id}/release`: the spec sends a body; `code` is the two-factor code when the
 * seller asks for one at release (decision 0028).
 */
export const tradeReleaseBodySchema = z.object({ code: secondFactorCodeSchema.optional() }).optional();

/** Spec (Paxful API): dispute reason text up to 250 characters. */
export const DISPUTE_REASON_TEXT_MAX = 250;
export const disputeReasonSlugs = [
  'buyer_unresponsive_vendor',
  'buyer_payment_issue',
  'buyer_other',
  'vendor_coinlocker',
  'vendor_payment_issue',
  'vendor_other',
] as const;
export type DisputeReasonSlug = (typeof disputeReasonSlugs)[number];

export const disputeReasonSchema = z.object({
  id: z.number().int(),
  slug: z.enum(disputeReasonSlugs),
  /** Which party may pick it ("vendor" in the slug is the seller's side). */
  role: z.enum(['buyer', 'seller']),
  name: z.string(),
  /** `_other` reasons need the text. */
  requiresText: z.boolean(),
});
export type DisputeReason = z.infer<typeof disputeReasonSchema>;

/** The reasons, with stable ids (`GET /rest/v1/dispute/reasons`). */
export const DISPUTE_REASONS: readonly DisputeReason[] = [
  {
    id: 1,
    slug: 'buyer_unresponsive_vendor',
    role: 'buyer',
    name: 'The seller does not respond',
    requiresText: false,
  },
  {
    id: 2,
    slug: 'buyer_payment_issue',
    role: 'buyer',
    name: 'I paid but the seller does not release',
    requiresText: false,
  },
  { id: 3, slug: 'buyer_other', role: 'buyer', name: 'Other', requiresText: true },
  {
    id: 4,
    slug: 'vendor_coinlocker',
    role: 'seller',
    name: 'The buyer marked paid but did not pay',
    requiresText: false,
  },
  {
    id: 5,
    slug: 'vendor_payment_issue',
    role: 'seller',
    name: 'The payment is wrong (amount, name, account)',
    requiresText: false,
  },
  { id: 6, slug: 'vendor_other', role: 'seller', name: 'Other', requiresText: true },
];

export const disputeReasonsQuerySchema = z.object({ role: z.enum(['buyer', 'seller']).optional() });

/** `POST /rest/v1/trade/{id}/dispute`. */
export const tradeDisputeBodySchema = z.object({
  dispute_reason_id: z.coerce.number().int().positive(),
  dispute_reason_text: textString().trim().max(DISPUTE_REASON_TEXT_MAX).default(''),
});

/** `POST /rest/v1/trade/{id}/policy-read`: the party opened a link from the offer terms. */
export const tradePolicyReadBodySchema = z.object({
  url: lineString()
    .trim()
    .max(2_000)
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'Only http and https links'),
});

/** `POST /rest/v1/trade/{id}/requirement`: the seller approves or rejects what the buyer uploaded. */
export const tradeRequirementBodySchema = z.object({
  requirement_id: z.coerce.number().int().positive(),
  status: z.enum(['approved', 'rejected']),
});

/** `GET /rest/v2/trade/{tradeHash}/offer?timestamp=` (seconds). */
export const tradeOfferQuerySchema = z.object({ timestamp: z.coerce.number().int().min(0).optional() });

/**
 * `GET /rest/v2/trade/{tradeHash}/offer`: the trade's offer as the notification widget reads it, at the
 * price the trade locked, not the offer's price now.
 */
export const tradeOfferOfTradeSchema = z.object({
  /** Empty when the offer no longer exists. */
  hash: z.string(),
  url: z.string(),
  type: z.enum(['buy', 'sell']),
  cryptoCurrency: z.object({ code: z.string() }),
  fiatCurrency: z.object({
    code: z.string(),
    /** The locked fiat price of one coin, keyed by the lower-case crypto code (`{ btc: "65000.00" }`). */
    rate: z.record(z.string(), z.string()),
  }),
  paymentMethod: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
});
export type TradeOfferOfTrade = z.infer<typeof tradeOfferOfTradeSchema>;

/** `POST /rest/v1/trade/{id}/policy-read`: the link to open, once recorded. */
export const tradePolicyReadResultSchema = z.object({ url: z.string() });

// --- requirements (flow) -----------------------------------------------------------------------------

export const requirementStatuses = ['pending', 'uploaded', 'approved', 'rejected', 'corrupted'] as const;
export type RequirementStatus = (typeof requirementStatuses)[number];
/** What the buyer must provide; derived from the offer's tags when the trade starts. */
export const requirementTypes = ['photo_id', 'receipt'] as const;
export type RequirementType = (typeof requirementTypes)[number];
export const flowSteps = ['beforeRevealPaymentDetails', 'beforeMarkAsPaid', 'done'] as const;
export type FlowStep = (typeof flowSteps)[number];

export const tradeRequirementSchema = z.object({
  id: z.number().int(),
  type: z.enum(requirementTypes),
  status: z.enum(requirementStatuses),
  /** The spec's optional flag: true when the trade can proceed without it. */
  optional: z.boolean(),
});
export type TradeRequirement = z.infer<typeof tradeRequirementSchema>;

/** Spec: the user may proceed when no requirement is required-and-pending (or rejected/corrupted). */
export function requirementsSatisfied(list: readonly TradeRequirement[]): boolean {
  return list.every((r) => r.optional || r.status === 'uploaded' || r.status === 'approved');
}

// --- chat -------------------------------------------------------------------------------------------

export const chatBlockReasons = [
  'ChatBlocked',
  'ChatBlockedAfterTradeIsCanceled',
  'ChatNotAvailableYet',
  'ChatNotAvailableAfterTradeCompleted',
] as const;
export type ChatBlockReason = (typeof chatBlockReasons)[number];

/**
 * The viewer's chat: whether they may write now, the spec's reason when not, and when it closes (the trade
 * ended: TRADE_CHAT_GRACE_HOURS after its end, past or future; null while the trade runs). For staff,
 * `canPost` says whether they may write through the console's `POST /rest/v1/admin/disputes/{id}/messages`.
 */
export const tradeChatStateSchema = z.object({
  canPost: z.boolean(),
  blockReason: z.enum(chatBlockReasons).nullable(),
  closesAt: timestampSchema.nullable(),
});
export type TradeChatState = z.infer<typeof tradeChatStateSchema>;

export const TRADE_MESSAGE_MAX = 2_000;
export const tradeMessageKinds = ['user', 'system', 'attachment'] as const;
export type TradeMessageKind = (typeof tradeMessageKinds)[number];

/** `POST /rest/v1/trade/{id}/messages`. */
export const tradeMessageBodySchema = z.object({
  text: textString().trim().min(1, 'Write a message').max(TRADE_MESSAGE_MAX),
});

/**
 * `GET /rest/v1/trade/{id}/messages`: without a cursor the newest page; `before=<id>` the page of older
 * messages; `after=<id>` what came after (the realtime client catches up with it). Always oldest first.
 */
export const tradeMessagesQuerySchema = z
  .object({
    after: z.coerce.number().int().min(0).optional(),
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((q) => q.after === undefined || q.before === undefined, {
    message: 'Use after or before, not both',
    path: ['before'],
  });

export const tradeMessageSchema = z.object({
  id: z.number().int(),
  tradeHash: z.string(),
  kind: z.enum(tradeMessageKinds),
  /** Null for system messages. */
  author: z.object({ username: z.string(), role: z.enum(['buyer', 'seller', 'moderator']) }).nullable(),
  text: z.string(),
  /** For system messages: what happened, so the web can word it in the reader's language. */
  system: z
    .object({
      event: z.enum([
        'trade_started',
        'status_changed',
        'dispute_opened',
        'flow_fallback',
        'requirement_changed',
        // A moderator decided the dispute; `text` is their reason, verbatim.
        'dispute_decision',
        // The spec's "moderator available" chat message: a moderator took the dispute (`text` names them).
        'moderator_available',
        // The spec's "moderator not available": the holder left, the dispute is back in the queue.
        'moderator_not_available',
        // A moderator asks one party for more evidence; `text` is the request, verbatim.
        'evidence_requested_buyer',
        'evidence_requested_seller',
        // The losing party appealed; a second moderator upheld it (`text`: their reason) or rejected it.
        'appeal_opened',
        'appeal_upheld',
        'appeal_rejected',
      ]),
      status: tradeStatusSchema.nullable(),
    })
    .nullable(),
  attachmentId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TradeMessage = z.infer<typeof tradeMessageSchema>;

export const tradeMessagesPageSchema = z.object({
  messages: z.array(tradeMessageSchema),
  /** More messages exist beyond this page in the direction asked (older for before/newest, newer for after). */
  hasMore: z.boolean(),
});

// --- the trade --------------------------------------------------------------------------------------

/** The spec's chargeback statuses, as sent (a trade shows its latest chargeback report's). */
export const chargebackStatuses = ['Pending', 'Dismissed', 'Confirmed'] as const;
export const chargebackStatusSchema = z.enum(chargebackStatuses);
export type ChargebackStatus = z.infer<typeof chargebackStatusSchema>;

export const tradeRoleSchema = z.enum(['buyer', 'seller', 'moderator']);
export type TradeRole = z.infer<typeof tradeRoleSchema>;

/** A party as the trade page shows them (spec "Trade party profile"). */
export const tradePartySchema = z.object({
  username: z.string(),
  avatarUrl: z.string().nullable(),
  /**
   * The party's verified name in the form they chose, when their full-name visibility lets the trade's
   * other party see it (everyone, trusted and trade partners, or trusted and they trust the other
   * party; decision 0050); null otherwise. Everyone looking at the trade sees the same.
   */
  fullName: z.string().nullable(),
  /** No IP geolocation exists: null. */
  ipLocation: z.string().nullable(),
  lastSeen: z.string().nullable(),
  /** Phone numbers stay private to their owner: null. */
  phone: z.string().nullable(),
  feedback: z.object({ positive: z.number().int(), negative: z.number().int() }),
  /** ID verified (document and selfie, decision 0037) and e-mail verified. */
  verification: z.object({ id: z.boolean(), email: z.boolean() }),
  registered: z.string(),
  totalTrades: z.number().int(),
  totalPartners: z.number().int(),
  btcTraded: z.string(),
  trustedCount: z.number().int(),
  blockedCount: z.number().int(),
});
export type TradeParty = z.infer<typeof tradePartySchema>;

export const tradeSchema = z.object({
  /** The public hash (used in every path). */
  id: z.string(),
  tradeHash: z.string(),
  status: tradeStatusSchema,
  /** The viewer's side; moderators see a trade as `moderator`. */
  role: tradeRoleSchema,
  /** The viewer owns the offer (spec: a vendor sees the buyer as the other party). */
  isVendor: z.boolean(),
  offerType: z.enum(['buy', 'sell']),
  cryptoCurrencyId: z.number().int(),
  cryptoCurrencyCode: z.string(),
  /** The trade's crypto amount (fiat / price, rounded down to the base unit). */
  cryptoAmount: z.object({ amount: z.string(), decimals: z.number().int() }),
  /** What the buyer receives on release (the amount minus the fee when the buyer owns the offer). */
  buyerReceives: z.string(),
  /** What the seller has locked in escrow (the amount plus the fee when the seller owns the offer). */
  escrowAmount: z.string(),
  /** The escrow fee: paid by the offer owner, kept by the platform on release. */
  fee: z.object({ amount: z.string(), percent: z.string(), payer: z.enum(['buyer', 'seller']) }),
  fiatAmount: z.string(),
  fiatPricePerCrypto: z.string(),
  currency: z.object({ code: z.string(), precision: z.number().int() }),
  paymentMethod: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.object({ original: z.string(), localized: z.string() }),
  }),
  paymentMethodLabel: z.string(),
  buyer: tradePartySchema,
  seller: tradePartySchema,
  startedAt: timestampSchema,
  /** Seconds (spec); null once the window no longer applies (paid, finished). */
  expiresAt: z.object({ timestamp: z.number().int() }).nullable(),
  paidAt: timestampSchema.nullable(),
  completedAt: timestampSchema.nullable(),
  cancelledAt: timestampSchema.nullable(),
  paymentWindowMinutes: z.number().int(),
  tradeCompleted: z.boolean(),
  isCancelled: z.boolean(),
  chatUrl: z.string(),
  offer: z.object({ hash: z.string(), url: z.string(), terms: z.string() }),
  /** The offer owner's payment instructions; null until the flow reveals them to the buyer. */
  paymentDetails: z.string().nullable(),
  /**
   * Where the buyer pays: the seller's bank accounts or mobile money wallets listed on the offer, copied
   * at the start. Shown to the seller, and to the buyer once the flow reveals the payment details; null
   * otherwise (moderators included).
   */
  paymentAccounts: z.array(tradePaymentAccountSchema).nullable(),
  /** The viewer's own trust or block of the other party (the trade page's trust/block); null for moderators. */
  viewerRelation: z.object({ isTrusted: z.boolean(), isBlocked: z.boolean() }).nullable(),
  /** Both parties acted from the same IP address (start or their latest action). */
  isOpponentsSameIp: z.boolean(),
  dispute: z.object({
    available: z.boolean(),
    availableAt: timestampSchema.nullable(),
    isOpen: z.boolean(),
    reasonId: z.number().int().nullable(),
    reasonText: z.string().nullable(),
    openedBy: z.enum(['buyer', 'seller']).nullable(),
    openedAt: timestampSchema.nullable(),
    /** The moderator who holds the dispute now (username); null while it waits for one. */
    moderator: z.string().nullable(),
    /** The decision once made: who won and the moderator's reason (also posted in the chat). */
    decision: z
      .object({
        outcome: z.enum(['buyer', 'seller', 'released_by_seller']),
        reason: z.string().nullable(),
        at: timestampSchema,
      })
      .nullable(),
    /**
     * The spec's trade appeal status for the viewer (flag `disputeAppeal`), when the window closes, and the
     * appeal's own progress once there is one (decision 0024).
     */
    appeal: z.object({
      status: tradeAppealStatusSchema,
      closesAt: timestampSchema.nullable(),
      outcome: z.enum(appealOutcomes).nullable(),
    }),
    /**
     * The award while it can be appealed (decision 0048), for the winner and staff (null for the other
     * party, and for awards paid at once: appeals off, or made before holds existed): how much, when it
     * becomes available, and what became of it (`contested`: an appeal waits for its decision).
     */
    hold: z
      .object({
        amount: z.string(),
        availableAt: timestampSchema,
        status: z.enum(awardHoldStatuses),
      })
      .nullable(),
  }),
  flow: z.object({
    type: z.enum(['default', 'gcc-auto', 'lite', 'bt-auto']),
    step: z.enum(flowSteps),
    state: z.object({
      beforeRevealPaymentDetails: z.array(tradeRequirementSchema),
      beforeMarkAsPaid: z.array(tradeRequirementSchema),
    }),
  }),
  /** The seller reported a chargeback on this completed trade: its status; null: none (decision 0022). */
  chargeback: z.object({ status: chargebackStatusSchema }).nullable(),
  /** What the viewer may do now (state machine and guards evaluated by the server). */
  availableActions: z.array(tradeActionSchema),
  /**
   * For the seller of a trade on the buyer's own offer that the buyer has not opened yet: when the seller
   * may cancel it (TRADE_SELLER_CANCEL_MINUTES after the start); null otherwise.
   */
  cancelAvailableAt: timestampSchema.nullable(),
  chat: tradeChatStateSchema,
});
export type Trade = z.infer<typeof tradeSchema>;

// --- lists -------------------------------------------------------------------------------------------

/** One line of the history or the active list. */
export const tradeSummarySchema = z.object({
  id: z.string(),
  status: tradeStatusSchema,
  role: z.enum(['buyer', 'seller']),
  isVendor: z.boolean(),
  counterparty: z.object({ username: z.string() }),
  cryptoCurrencyCode: z.string(),
  cryptoAmount: z.string(),
  fiatAmount: z.string(),
  fiatCurrencyCode: z.string(),
  paymentMethod: z.object({ slug: z.string(), name: z.string() }),
  startedAt: z.string(),
  /** When the trade reached its final status; null while active. */
  completedAt: z.string().nullable(),
  /** ISO time the payment window ends; null unless the trade waits for payment. */
  expiresAt: z.string().nullable(),
});
export type TradeSummary = z.infer<typeof tradeSummarySchema>;

/** Spec's completed-trade filter statuses (`dispute` is a synonym of `disputed`). */
export const tradeHistoryFilters = [
  'all',
  'successful',
  'cancelled',
  'disputed',
  'dispute',
  'expired',
] as const;
export type TradeHistoryFilter = (typeof tradeHistoryFilters)[number];

/** `GET /rest/v1/trade/history`: the viewer's trades in both roles, newest first, 20 a page. */
export const tradeHistoryQuerySchema = z.object({
  status: z.enum(tradeHistoryFilters).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type TradeHistoryQuery = z.infer<typeof tradeHistoryQuerySchema>;

export const tradeHistoryPageSchema = z.object({
  trades: z.array(tradeSummarySchema),
  page: z.number().int(),
  /** The next page number, or null on the last page. */
  nextPage: z.number().int().nullable(),
});

/** `GET /rest/v1/trade/active`. */
export const activeTradesSchema = z.object({ trades: z.array(tradeSummarySchema) });

/** Which statuses each history filter shows. `all` shows every status, active ones included. */
export const TRADE_HISTORY_FILTER_STATUSES: Record<
  Exclude<TradeHistoryFilter, 'all'>,
  readonly TradeStatus[]
> = {
  successful: releasedTradeStatuses,
  cancelled: ['cancelled', 'cancelled_buyer', 'cancelled_seller'],
  disputed: ['dispute_open', 'dispute_awarded', 'dispute_won_buyer', 'dispute_won_seller'],
  dispute: ['dispute_open', 'dispute_awarded', 'dispute_won_buyer', 'dispute_won_seller'],
  expired: expiredTradeStatuses,
};

// --- events (WebSocket) -----------------------------------------------------------------------------

/** `trade.status` and `trade.started` payloads: small on purpose; the client refetches the trade. */
export const tradeStatusEventSchema = z.object({
  tradeHash: z.string(),
  status: tradeStatusSchema,
  previousStatus: tradeStatusSchema.nullable(),
  action: z.union([tradeActionSchema, z.literal('start')]),
  at: z.string(),
});
export type TradeStatusEvent = z.infer<typeof tradeStatusEventSchema>;
