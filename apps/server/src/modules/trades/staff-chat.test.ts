import { describe, expect, it } from 'vitest';
import { staffChatRefusal } from './staff-chat.js';

const at = new Date('2026-03-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(at.getTime() - h * 3_600_000);
const moderator = { id: 7, role: 'moderator' as const };
const supermod = { id: 8, role: 'supermod' as const };
const rule = (
  staff: { id: number; role: 'moderator' | 'supermod' | 'admin' },
  dispute: Parameters<typeof staffChatRefusal>[0]['dispute'],
  endedAt: Date | null = null,
) => staffChatRefusal({ staff, dispute, endedAt, graceHours: 24, at });

/** Who among staff writes in a trade's chat (decision 0052): one rule for the view and the console route. */
describe('staffChatRefusal', () => {
  it('should keep staff out of a trade without a dispute', () => {
    expect(rule(supermod, null)).toBe('no_dispute');
  });

  it('should let the holder and supermods write in an undecided dispute, not another moderator', () => {
    const open = { assignedTo: 7, moderatorId: null, resolvedAt: null };
    expect(rule(moderator, open)).toBeNull();
    expect(rule({ id: 9, role: 'moderator' }, open)).toBe('not_holder');
    expect(rule(supermod, open)).toBeNull();
    expect(rule({ id: 10, role: 'admin' }, { ...open, assignedTo: null })).toBeNull();
    expect(rule(moderator, { ...open, assignedTo: null })).toBe('not_holder');
  });

  it('should let the decider, the holder and supermods write while the chat grace lasts, nobody after', () => {
    const decided = { assignedTo: 9, moderatorId: 7, resolvedAt: hoursAgo(2) };
    expect(rule(moderator, decided, hoursAgo(2))).toBeNull();
    expect(rule({ id: 9, role: 'moderator' }, decided, hoursAgo(2))).toBeNull();
    expect(rule({ id: 11, role: 'moderator' }, decided, hoursAgo(2))).toBe('not_holder');
    expect(rule(supermod, decided, hoursAgo(2))).toBeNull();
    // The grace counts from the trade's end (the decision when the trade has no end time).
    expect(rule(moderator, decided, hoursAgo(24))).toBeNull();
    expect(rule(moderator, decided, hoursAgo(24.01))).toBe('closed');
    expect(rule(supermod, { ...decided, resolvedAt: hoursAgo(25) })).toBe('closed');
    expect(rule(moderator, { ...decided, resolvedAt: hoursAgo(23) })).toBeNull();
  });
});
