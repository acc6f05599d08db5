import {
  formatBaseUnits,
  formatDecimal,
  fullNameFor,
  isCancelledTradeStatus,
  isCompletedTradeStatus,
  parseDecimal,
  rescale,
  type FlowStep,
  type Locale,
  appealClosesAt,
  appealStatus,
  type ChargebackStatus,
  type Trade,
  type TradeAction,
  type TradeChatState,
  type TradeMessage,
  type TradePaymentAccount,
  type TradeParty,
  type TradeRequirement,
  type TradeRole,
  type TradeStatus,
  type TradeSummary,
} from '@app/contract';
import { localizedName, type CatalogueData } from '../catalogue/index.js';
import type { Hold } from '../ledger/index.js';
import { avatarUrlOf } from '../users/index.js';
import type {
  DisputeView,
  MessageWithAuthor,
  RequirementRow,
  TradeFacts,
  TradePartyFacts,
  TradeRow,
} from './repository.js';
import type { StoredPaymentAccount } from './tables.js';

/** `{ timestamp (seconds), humanReadable }`, the spec's time shape; humanReadable is UTC, minute precision. */
export function timestampOf(date: Date) {
  const iso = date.toISOString();
  return {
    timestamp: Math.floor(date.getTime() / 1000),
    humanReadable: `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`,
  };
}
const timestampOrNull = (date: Date | null) => (date ? timestampOf(date) : null);

/** A stored fiat value (8 places) at the currency's precision. */
export function fiatText(data: CatalogueData, currencyCode: string, value: string): string {
  const precision = data.currencyByCode.get(currencyCode)?.precision ?? 2;
  return formatDecimal(rescale(parseDecimal(value), precision, 'half-up'));
}

export function cryptoText(data: CatalogueData, cryptoCode: string, units: string | bigint): string {
  return formatBaseUnits(BigInt(units), data.knownCryptoByCode.get(cryptoCode)?.decimals ?? 8);
}

const requirementOf = (row: RequirementRow): TradeRequirement => ({
  id: row.id,
  type: row.type,
  status: row.status,
  optional: row.optional,
});

export function requirementLists(rows: RequirementRow[]) {
  return {
    beforeRevealPaymentDetails: rows
      .filter((r) => r.step === 'beforeRevealPaymentDetails')
      .map(requirementOf),
    beforeMarkAsPaid: rows.filter((r) => r.step === 'beforeMarkAsPaid').map(requirementOf),
  };
}

/**
 * The profile of a party as the trade page shows it. The full name is the party's verified name in the
 * form they chose, when their visibility lets the trade's other party (a trade partner) see it:
 * `trustsOther` says whether the party trusts the other one (decision 0050). Phone numbers stay private
 * and no IP geolocation exists: null, never invented.
 */
function presentParty(party: TradePartyFacts, trustsOther: boolean): TradeParty {
  const { stats } = party;
  return {
    username: party.username,
    avatarUrl: party.closed ? null : avatarUrlOf(party),
    fullName: fullNameFor(party.name, { trusted: trustsOther, partner: true }),
    ipLocation: null,
    lastSeen: stats.lastSeen?.toISOString() ?? null,
    phone: null,
    feedback: party.feedback,
    verification: { id: party.idVerified, email: party.isEmailVerified },
    registered: party.createdAt.toISOString(),
    totalTrades: stats.totalTrades,
    totalPartners: stats.totalPartners,
    btcTraded: formatBaseUnits(stats.btcTraded, 8),
    trustedCount: stats.trustedCount,
    blockedCount: stats.blockedCount,
  };
}

export type TradeView = {
  trade: TradeRow;
  offerHash: string;
  role: TradeRole;
  buyer: TradePartyFacts;
  seller: TradePartyFacts;
  requirements: RequirementRow[];
  /** What each party thinks of the other. */
  relations: TradeFacts['relations'];
  dispute: DisputeView | undefined;
  /** The award's hold while it could be appealed (decision 0048); undefined when paid at once. */
  hold: Hold | undefined;
  chargeback: ChargebackStatus | null;
  /** The appeal rules' inputs the view does not carry: the flag and the window. */
  appeals: { enabled: boolean; windowHours: number };
  data: CatalogueData;
  locale: Locale;
  now: Date;
  flowStep: FlowStep;
  availableActions: TradeAction[];
  /** When the seller may cancel an unopened trade on the buyer's offer (rules' sellerCancelAvailableAt). */
  cancelAvailableAt: Date | null;
  chat: TradeChatState;
};

/** What the viewer (a party) thinks of the other party. */
function viewerRelationOf(v: Pick<TradeView, 'role' | 'relations'>): Trade['viewerRelation'] {
  if (v.role === 'moderator') return null;
  const kind = v.role === 'buyer' ? v.relations.fromBuyer : v.relations.fromSeller;
  return { isTrusted: kind === 'trusted', isBlocked: kind === 'blocked' };
}

/** A copied account without its source id. */
function presentPaymentAccount({ accountId: _id, ...account }: StoredPaymentAccount): TradePaymentAccount {
  return account;
}

/** The award's hold, for its winner and staff only: the other party's view of it is the appeal. */
function presentHold(
  v: Pick<TradeView, 'hold' | 'role' | 'dispute'>,
  decimals: number,
): Trade['dispute']['hold'] {
  const winner = v.dispute?.resolution;
  if (!v.hold || (v.role !== 'moderator' && v.role !== winner)) return null;
  return {
    amount: formatBaseUnits(v.hold.amount, decimals),
    availableAt: timestampOf(v.hold.releaseAt),
    status: v.hold.state,
  };
}

/** The spec's Trade entity, as one viewer (buyer, seller or moderator) sees it. */
export function presentTrade(v: TradeView): Trade {
  const { trade, data } = v;
  const crypto = data.knownCryptoByCode.get(trade.cryptoCode);
  const method = data.methodById.get(trade.paymentMethodId);
  const decimals = crypto?.decimals ?? 8;
  const isVendor =
    v.role !== 'moderator' && (v.role === 'buyer' ? trade.buyerId : trade.sellerId) === trade.ownerId;
  // The buyer sees the payment details once the flow has passed the "before reveal" requirements;
  // the seller (whose details they usually are) and moderators always see them.
  const revealed = v.role !== 'buyer' || v.flowStep !== 'beforeRevealPaymentDetails';
  const disputeAvailable =
    trade.status === 'paid' && trade.disputeAvailableAt !== null && v.now >= trade.disputeAvailableAt;
  return {
    id: trade.hash,
    tradeHash: trade.hash,
    status: trade.status,
    role: v.role,
    isVendor,
    offerType: trade.offerType,
    cryptoCurrencyId: crypto?.id ?? 0,
    cryptoCurrencyCode: trade.cryptoCode,
    cryptoAmount: { amount: formatBaseUnits(BigInt(trade.cryptoAmount), decimals), decimals },
    buyerReceives: formatBaseUnits(BigInt(trade.buyerReceives), decimals),
    escrowAmount: formatBaseUnits(BigInt(trade.escrowAmount), decimals),
    fee: {
      amount: formatBaseUnits(BigInt(trade.feeAmount), decimals),
      percent: trade.feePercent,
      payer: trade.ownerId === trade.buyerId ? 'buyer' : 'seller',
    },
    fiatAmount: fiatText(data, trade.fiatCurrencyCode, trade.fiatAmount),
    fiatPricePerCrypto: fiatText(data, trade.fiatCurrencyCode, trade.fiatPrice),
    currency: {
      code: trade.fiatCurrencyCode,
      precision: data.currencyByCode.get(trade.fiatCurrencyCode)?.precision ?? 2,
    },
    paymentMethod: {
      id: trade.paymentMethodId,
      slug: method?.slug ?? '',
      name: method ? localizedName(method.names, v.locale) : { original: '', localized: '' },
    },
    paymentMethodLabel: trade.paymentMethodLabel,
    buyer: presentParty(v.buyer, v.relations.fromBuyer === 'trusted'),
    seller: presentParty(v.seller, v.relations.fromSeller === 'trusted'),
    startedAt: timestampOf(trade.startedAt),
    expiresAt:
      trade.status === 'active_funded' ? { timestamp: Math.floor(trade.expiresAt.getTime() / 1000) } : null,
    paidAt: timestampOrNull(trade.paidAt),
    completedAt: timestampOrNull(trade.completedAt),
    cancelledAt: timestampOrNull(trade.cancelledAt),
    paymentWindowMinutes: trade.paymentWindow,
    tradeCompleted: isCompletedTradeStatus(trade.status),
    isCancelled: isCancelledTradeStatus(trade.status),
    chatUrl: `/trade/${trade.hash}`,
    offer: { hash: v.offerHash, url: `/offer/${v.offerHash}`, terms: trade.offerTerms },
    paymentDetails: revealed ? trade.paymentDetails : null,
    // The accounts are personal data of the seller: their own, and the buyer's once the flow reveals
    // them; nobody else, moderators included (decision 0034).
    viewerRelation: viewerRelationOf(v),
    paymentAccounts:
      v.role === 'seller' || (v.role === 'buyer' && revealed)
        ? trade.paymentAccounts.map(presentPaymentAccount)
        : null,
    isOpponentsSameIp: trade.buyerIp !== null && trade.buyerIp === trade.sellerIp,
    dispute: {
      available: disputeAvailable && v.role !== 'moderator',
      availableAt: timestampOrNull(trade.disputeAvailableAt),
      isOpen: trade.status === 'dispute_open',
      reasonId: v.dispute?.reasonId ?? null,
      reasonText: v.dispute?.reasonText ?? null,
      openedBy: v.dispute?.openerRole ?? null,
      openedAt: timestampOrNull(v.dispute?.openedAt ?? null),
      moderator: v.dispute?.assigneeUsername ?? null,
      appeal: {
        status: appealStatus({
          enabled: v.appeals.enabled,
          viewer: v.role,
          resolution: v.dispute?.resolution ?? null,
          resolvedAt: v.dispute?.resolvedAt ?? null,
          appealed: Boolean(v.dispute?.appealStatus),
          windowHours: v.appeals.windowHours,
          closesAt: v.hold?.releaseAt,
          now: v.now,
        }),
        closesAt: timestampOrNull(
          appealClosesAt(v.dispute?.resolvedAt ?? null, v.appeals.windowHours, v.hold?.releaseAt),
        ),
        outcome: v.dispute?.appealStatus ?? null,
      },
      hold: presentHold(v, decimals),
      decision:
        v.dispute?.resolution && v.dispute.resolvedAt
          ? {
              outcome: v.dispute.resolution,
              reason: v.dispute.resolutionReason,
              at: timestampOf(v.dispute.resolvedAt),
            }
          : null,
    },
    flow: { type: trade.flowType, step: v.flowStep, state: requirementLists(v.requirements) },
    chargeback: v.chargeback ? { status: v.chargeback } : null,
    availableActions: v.availableActions,
    cancelAvailableAt: timestampOrNull(v.cancelAvailableAt),
    chat: v.chat,
  };
}

/** A chat message as `GET .../messages` answers it (and the `trade.message` event carries it). */
export function presentMessage(
  trade: Pick<TradeRow, 'hash' | 'buyerId' | 'sellerId'>,
  m: MessageWithAuthor,
): TradeMessage {
  const role =
    m.authorId === null
      ? null
      : m.authorId === trade.buyerId
        ? 'buyer'
        : m.authorId === trade.sellerId
          ? 'seller'
          : 'moderator';
  return {
    id: m.id,
    tradeHash: trade.hash,
    kind: m.kind,
    author: role && m.authorUsername ? { username: m.authorUsername, role } : null,
    text: m.text,
    system:
      m.kind === 'system' && m.systemEvent
        ? {
            event: m.systemEvent as NonNullable<TradeMessage['system']>['event'],
            status: (m.systemStatus as TradeStatus | null) ?? null,
          }
        : null,
    attachmentId: m.attachmentId,
    createdAt: m.createdAt.toISOString(),
  };
}

/** One line of the history / active list, from the viewer's side. */
export function presentSummary(
  trade: TradeRow & { counterpartyUsername: string },
  viewerId: number,
  data: CatalogueData,
): TradeSummary {
  const method = data.methodById.get(trade.paymentMethodId);
  const role = trade.buyerId === viewerId ? 'buyer' : 'seller';
  return {
    id: trade.hash,
    status: trade.status,
    role,
    isVendor: trade.ownerId === viewerId,
    counterparty: { username: trade.counterpartyUsername },
    cryptoCurrencyCode: trade.cryptoCode,
    cryptoAmount: cryptoText(data, trade.cryptoCode, trade.cryptoAmount),
    fiatAmount: fiatText(data, trade.fiatCurrencyCode, trade.fiatAmount),
    fiatCurrencyCode: trade.fiatCurrencyCode,
    paymentMethod: { slug: method?.slug ?? '', name: method?.originalName ?? '' },
    startedAt: trade.startedAt.toISOString(),
    completedAt: trade.completedAt?.toISOString() ?? null,
    expiresAt: trade.status === 'active_funded' ? trade.expiresAt.toISOString() : null,
  };
}
