import type {
  DisputeReason,
  Trade,
  TradeAttachment,
  TradeAttachmentList,
  TradeFeedbackState,
  TradeMessage,
  TradeOfferOfTrade,
  TradeParty,
  TradeSummary,
} from '@app/contract';
import { DISPUTE_REASONS } from '@app/contract';
import { jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { amountFormatRoutes } from '@/features/catalogue/testing/factories';

export const HASH = 'Tr4deHash0001';
/** Fixed "now" for the countdown: 20 minutes before the trade expires. */
export const NOW = Date.parse('2026-03-01T12:00:00Z');

export function buildParty(overrides: Partial<TradeParty> = {}): TradeParty {
  return {
    username: 'sally',
    avatarUrl: null,
    fullName: null,
    ipLocation: 'Berlin, DE',
    lastSeen: new Date(NOW - 30_000).toISOString(),
    phone: null,
    feedback: { positive: 42, negative: 1 },
    verification: { id: true, email: true },
    registered: '2025-01-15T00:00:00.000Z',
    totalTrades: 120,
    totalPartners: 80,
    btcTraded: '3.5',
    trustedCount: 12,
    blockedCount: 0,
    ...overrides,
  };
}

/** A trade seen by the buyer, waiting for payment; override what the test is about. */
export function buildTrade(overrides: Partial<Trade> = {}): Trade {
  const base: Trade = {
    id: HASH,
    tradeHash: HASH,
    status: 'active_funded',
    role: 'buyer',
    isVendor: false,
    offerType: 'sell',
    cryptoCurrencyId: 8,
    cryptoCurrencyCode: 'BTC',
    cryptoAmount: { amount: '0.00100000', decimals: 8 },
    buyerReceives: '0.00100000',
    escrowAmount: '0.00101000',
    fee: { amount: '0.00001000', percent: '1.0000', payer: 'seller' },
    fiatAmount: '95.00',
    fiatPricePerCrypto: '95000.00',
    currency: { code: 'USD', precision: 2 },
    paymentMethod: {
      id: 1,
      slug: 'bank-transfer',
      name: { original: 'Bank Transfer', localized: 'Bank Transfer' },
    },
    paymentMethodLabel: 'Bank Transfer',
    buyer: buildParty({ username: 'bob' }),
    seller: buildParty({ username: 'sally' }),
    startedAt: { timestamp: Math.floor(NOW / 1000) - 600, humanReadable: '10 minutes ago' },
    expiresAt: { timestamp: Math.floor(NOW / 1000) + 1_200 },
    paidAt: null,
    completedAt: null,
    cancelledAt: null,
    paymentWindowMinutes: 30,
    tradeCompleted: false,
    isCancelled: false,
    chatUrl: `/trade/${HASH}`,
    offer: { hash: 'Off3rHash001', url: '/offer/Off3rHash001', terms: 'Pay from your own account.' },
    paymentDetails: 'IBAN DE89 3704 0044 0532 0130 00',
    // Revealed, and the offer listed no receiving accounts (tests about them add some).
    paymentAccounts: [],
    viewerRelation: { isTrusted: false, isBlocked: false },
    isOpponentsSameIp: false,
    dispute: {
      available: false,
      availableAt: null,
      isOpen: false,
      reasonId: null,
      reasonText: null,
      openedBy: null,
      openedAt: null,
      moderator: null,
      decision: null,
      appeal: { status: 'not_available', closesAt: null, outcome: null },
      hold: null,
    },
    chargeback: null,
    flow: {
      type: 'default',
      step: 'beforeMarkAsPaid',
      state: { beforeRevealPaymentDetails: [], beforeMarkAsPaid: [] },
    },
    availableActions: ['mark_paid', 'cancel'],
    cancelAvailableAt: null,
    chat: { canPost: true, blockReason: null, closesAt: null },
  };
  return { ...base, ...overrides };
}

let messageId = 100;
export function buildMessage(overrides: Partial<TradeMessage> = {}): TradeMessage {
  messageId += 1;
  return {
    id: messageId,
    tradeHash: HASH,
    kind: 'user',
    author: { username: 'sally', role: 'seller' },
    text: `message ${messageId}`,
    system: null,
    attachmentId: null,
    createdAt: new Date(NOW - 60_000).toISOString(),
    ...overrides,
  };
}

export function buildAttachment(overrides: Partial<TradeAttachment> = {}): TradeAttachment {
  return {
    id: 7,
    requirementId: null,
    url: `/rest/v1/trade/${HASH}/attachments/7`,
    mimeType: 'image/png',
    status: 'uploaded',
    kind: 'image',
    size: 2048,
    width: 100,
    height: 80,
    pages: null,
    originalName: 'receipt.png',
    uploadedBy: { username: 'bob' },
    isMine: true,
    createdAt: new Date(NOW - 30_000).toISOString(),
    ...overrides,
  };
}

export function attachmentList(items: TradeAttachment[] = [], remaining = 10): TradeAttachmentList {
  return {
    items,
    limits: {
      maxFileSize: 10_485_760,
      maxFilesPerParty: 10,
      pdfMaxPages: 20,
      mimeTypes: ['image/png', 'application/pdf'],
    },
    remaining,
  };
}

export function buildSummary(overrides: Partial<TradeSummary> = {}): TradeSummary {
  return {
    id: HASH,
    status: 'active_funded',
    role: 'buyer',
    isVendor: false,
    counterparty: { username: 'sally' },
    cryptoCurrencyCode: 'BTC',
    cryptoAmount: '0.00100000',
    fiatAmount: '95.00',
    fiatCurrencyCode: 'USD',
    paymentMethod: { slug: 'bank-transfer', name: 'Bank Transfer' },
    startedAt: new Date(NOW - 600_000).toISOString(),
    completedAt: null,
    expiresAt: new Date(NOW + 1_200_000).toISOString(),
    ...overrides,
  };
}

export function feedbackState(overrides: Partial<TradeFeedbackState> = {}): TradeFeedbackState {
  return {
    tradeHash: HASH,
    role: 'buyer',
    partner: { username: 'sally' },
    given: null,
    received: null,
    canGive: true,
    canReply: false,
    ...overrides,
  };
}

export const disputeReasons = (role: 'buyer' | 'seller'): DisputeReason[] =>
  DISPUTE_REASONS.filter((reason) => reason.role === role);

/**
 * The server for the trade page: the trade, its chat (`messages` oldest first), its files, the active
 * list, the dispute reasons and feedback. `trade` may be a function so a test can change what the next
 * GET answers (the other party acted).
 */
/** `GET /rest/v2/trade/{hash}/offer` for a trade: its offer, at the price the trade locked. */
export function tradeOfferOf(trade: Trade): TradeOfferOfTrade {
  return {
    hash: 'Offer0000001',
    url: '/offer/Offer0000001',
    type: trade.role === 'seller' ? 'sell' : 'buy',
    cryptoCurrency: { code: trade.cryptoCurrencyCode },
    fiatCurrency: {
      code: trade.currency.code,
      rate: { [trade.cryptoCurrencyCode.toLowerCase()]: trade.fiatPricePerCrypto },
    },
    paymentMethod: { id: 1, slug: 'revolut', name: trade.paymentMethod.name.localized },
  };
}

export function tradeRoutes({
  trade = () => buildTrade(),
  messages = [],
  attachments = [],
  overrides = {},
}: {
  trade?: () => Trade;
  messages?: TradeMessage[];
  attachments?: TradeAttachment[];
  overrides?: Record<string, FakeHandler>;
} = {}): Record<string, FakeHandler> {
  return {
    ...amountFormatRoutes(),
    [`GET /rest/v1/trade/${HASH}`]: () => jsonResponse(200, { data: trade() }),
    // The notification's calls (spec): the same trade, and its offer at the locked price.
    [`GET /rest/v2/trade/${HASH}`]: () => jsonResponse(200, { data: trade() }),
    [`GET /rest/v2/trade/${HASH}/offer`]: () => jsonResponse(200, { data: tradeOfferOf(trade()) }),
    [`GET /rest/v1/trade/${HASH}/messages`]: (request) => {
      const after = Number(new URL(request.url, 'http://x').searchParams.get('after') ?? NaN);
      const list = Number.isNaN(after) ? messages : messages.filter((m) => m.id > after);
      return jsonResponse(200, { data: { messages: list, hasMore: false } });
    },
    [`GET /rest/v1/trade/${HASH}/attachments`]: () =>
      jsonResponse(200, { data: attachmentList(attachments) }),
    'GET /rest/v1/trade/active': () => jsonResponse(200, { data: { trades: [buildSummary()] } }),
    'GET /rest/v1/dispute/reasons': (request) => {
      const role =
        new URL(request.url, 'http://x').searchParams.get('role') === 'seller' ? 'seller' : 'buyer';
      return jsonResponse(200, { data: disputeReasons(role) });
    },
    [`GET /rest/v1/feedback/${HASH}`]: () => jsonResponse(200, { data: feedbackState() }),
    ...overrides,
  };
}
