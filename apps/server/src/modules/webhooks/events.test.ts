import { describe, expect, it } from 'vitest';
import { happeningOf } from './events.js';
import { MAX_ATTEMPTS, nextRetryDelaySeconds, RETRY_WINDOW_HOURS } from './retry.js';

const status = (action: string, status = 'paid') => ({
  type: 'trade.status',
  userIds: [1, 2],
  tradeHash: 'T1',
  data: { tradeHash: 'T1', status, previousStatus: 'active', action, at: '2026-11-26T10:00:00.000Z' },
});

describe('webhook events of bus events', () => {
  it('should name each trade transition by its Paxful event', () => {
    expect(happeningOf(status('mark_paid'))?.event).toBe('trade.paid');
    expect(happeningOf(status('release', 'released'))?.event).toBe('trade.released');
    expect(happeningOf(status('cancel', 'cancelled_buyer'))?.event).toBe('trade.cancelled_or_expired');
    expect(happeningOf(status('expire', 'expired'))?.event).toBe('trade.cancelled_or_expired');
    expect(happeningOf(status('open_dispute', 'disputed'))?.event).toBe('trade.dispute_started');
    expect(happeningOf(status('award_buyer', 'released'))?.event).toBe('trade.dispute_finished');
    expect(happeningOf(status('award_seller', 'cancelled_dispute'))?.event).toBe('trade.dispute_finished');
  });

  it('should key a transition by trade, status and moment, so every instance queues it once', () => {
    expect(happeningOf(status('mark_paid'))?.key).toBe('trade.paid:T1:paid:2026-11-26T10:00:00.000Z');
    expect(happeningOf(status('mark_paid'))?.key).toBe(happeningOf(status('mark_paid'))?.key);
  });

  it('should carry chat messages and attachments to the other party only, and skip system lines', () => {
    const message = (kind: string, author: { username: string } | null) => ({
      type: 'trade.message',
      userIds: [1, 2],
      data: { id: 7, kind, author, text: 'hi' },
    });
    expect(happeningOf(message('user', { username: 'ann' }))).toMatchObject({
      event: 'trade.chat_message_received',
      exceptUsername: 'ann',
      key: 'trade.chat_message_received:7',
    });
    expect(happeningOf(message('attachment', { username: 'ann' }))?.event).toBe('trade.attachment_uploaded');
    expect(happeningOf(message('system', null))).toBeNull();
    // A staff member's message (decision 0052) reaches both parties' webhooks: neither wrote it.
    const staff = happeningOf(
      message('user', { username: 'mod', role: 'moderator' } as { username: string }),
    );
    expect(staff).toMatchObject({
      event: 'trade.chat_message_received',
      userIds: [1, 2],
      exceptUsername: 'mod',
    });
  });

  it('should ignore what webhooks do not carry', () => {
    expect(happeningOf({ type: 'trade.typing', userIds: [1], data: {} })).toBeNull();
    expect(happeningOf({ type: 'market.changed', userIds: [], data: null })).toBeNull();
  });
});

describe('the retry schedule', () => {
  it('should wait 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then give up after eight attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(nextRetryDelaySeconds)).toEqual([
      5, 300, 1_800, 7_200, 18_000, 36_000, 36_000,
    ]);
    expect(nextRetryDelaySeconds(8)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(8);
    // "About a day".
    expect(RETRY_WINDOW_HOURS).toBeGreaterThanOrEqual(24);
    expect(RETRY_WINDOW_HOURS).toBeLessThanOrEqual(30);
  });
});
