import type { Trade } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { buildTrade, NOW } from '../testing/trade-fixtures';
import { chatNoticeOf, chatPhaseOf } from './chat-notice';

const at = { timestamp: NOW / 1000 + 3_600, humanReadable: '' };
const open = { canPost: true, blockReason: null, closesAt: null } as const;
const ended = (status: Trade['status'], canPost: boolean, role: Trade['role'] = 'buyer'): Trade =>
  buildTrade({
    status,
    role,
    expiresAt: null,
    availableActions: [],
    chat: {
      canPost,
      blockReason: canPost
        ? null
        : ['released', 'dispute_won_buyer'].includes(status)
          ? 'ChatNotAvailableAfterTradeCompleted'
          : 'ChatBlockedAfterTradeIsCanceled',
      closesAt: at,
    },
  });
const decided = { outcome: 'buyer' as const, reason: 'Paid.', at };

describe('chatNoticeOf: the parties', () => {
  it('should say the chat opens with the escrow before funding, and nothing while the trade runs', () => {
    const notFunded = buildTrade({
      status: 'not_funded',
      chat: { canPost: false, blockReason: 'ChatNotAvailableYet', closesAt: null },
    });
    expect(chatNoticeOf(notFunded)).toEqual({ key: 'notFunded', closed: true });
    expect(chatNoticeOf(buildTrade({ chat: open }))).toBeNull();
    expect(chatNoticeOf(buildTrade({ status: 'paid', chat: open }))).toBeNull();
  });

  it('should tell the parties a moderator reads a disputed trade’s chat', () => {
    expect(chatNoticeOf(buildTrade({ status: 'dispute_open', chat: open }))).toEqual({
      key: 'disputed',
      closed: false,
    });
  });

  it.each([
    ['dispute_won_buyer', 'decided'],
    ['dispute_won_seller', 'decided'],
    ['released', 'completed'],
    ['cancelled_buyer', 'cancelled'],
    ['cancelled_seller', 'cancelled'],
    ['expired', 'expired'],
    ['cancelled_system', 'expired'],
  ] as const)(
    'should say until when the chat of a %s trade stays open, then that it closed',
    (status, phase) => {
      expect(chatNoticeOf(ended(status, true))).toEqual({
        key: `openUntil.${phase}`,
        closed: false,
        closesAt: at.timestamp,
      });
      expect(chatNoticeOf(ended(status, false))).toEqual({
        key: `closed.${phase}`,
        closed: true,
        closesAt: at.timestamp,
      });
    },
  );

  it('should never say a decided trade’s chat opens once funded (issue 26 item 10)', () => {
    const notice = chatNoticeOf(ended('dispute_won_buyer', false));
    expect(notice?.key).not.toBe('notFunded');
    expect(notice?.key).toBe('closed.decided');
  });

  it('should name whom I blocked, and stay neutral otherwise', () => {
    const blocked = { canPost: false, blockReason: 'ChatBlocked' as const, closesAt: null };
    expect(
      chatNoticeOf(buildTrade({ chat: blocked, viewerRelation: { isTrusted: false, isBlocked: true } })),
    ).toEqual({ key: 'youBlocked', closed: true, name: 'sally' });
    expect(chatNoticeOf(buildTrade({ chat: blocked }))).toEqual({ key: 'blocked', closed: true });
  });
});

describe('chatNoticeOf: staff', () => {
  const staff = (overrides: Partial<Trade>) =>
    buildTrade({ role: 'moderator', viewerRelation: null, ...overrides });
  const dispute = buildTrade().dispute;

  it('should say staff write only in disputes', () => {
    const trade = staff({ chat: { canPost: false, blockReason: 'ChatNotAvailableYet', closesAt: null } });
    expect(chatNoticeOf(trade)).toEqual({ key: 'staff.noDispute', closed: true });
  });

  it('should tell another moderator to take the dispute, or who holds it', () => {
    const blocked = { canPost: false, blockReason: 'ChatBlocked' as const, closesAt: null };
    expect(chatNoticeOf(staff({ status: 'dispute_open', chat: blocked }))).toEqual({
      key: 'staff.take',
      closed: true,
    });
    expect(
      chatNoticeOf(
        staff({ status: 'dispute_open', chat: blocked, dispute: { ...dispute, moderator: 'mia' } }),
      ),
    ).toEqual({ key: 'staff.heldBy', closed: true, name: 'mia' });
    expect(
      chatNoticeOf(
        staff({ status: 'dispute_won_buyer', chat: blocked, dispute: { ...dispute, decision: decided } }),
      ),
    ).toEqual({ key: 'staff.notDecider', closed: true });
  });

  it('should tell the writer their words are marked and audited, and until when after the decision', () => {
    expect(chatNoticeOf(staff({ status: 'dispute_open', chat: open }))).toEqual({
      key: 'staff.write',
      closed: false,
    });
    expect(chatNoticeOf(staff({ status: 'dispute_won_seller', chat: { ...open, closesAt: at } }))).toEqual({
      key: 'staff.writeUntil',
      closed: false,
      closesAt: at.timestamp,
    });
    expect(chatNoticeOf(ended('dispute_won_seller', false, 'moderator'))?.key).toBe('closed.decided');
  });
});

describe('chatPhaseOf', () => {
  it('should place every status', () => {
    expect(
      (['funds_processing', 'pending', 'dispute_awarded', 'cancelled'] as const).map(chatPhaseOf),
    ).toEqual(['notFunded', 'running', 'decided', 'cancelled']);
  });
});
