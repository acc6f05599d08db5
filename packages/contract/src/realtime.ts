import { z } from 'zod';
import { lineString } from './strings.js';

/**
 * The WebSocket protocol between the web app and the server's gateway (docs/decisions/0011-realtime.md).
 * One socket per browser tab, opened at `REALTIME_PATH` with the session cookie. Every frame is one JSON
 * object with a `type`.
 */
export { REALTIME_CLOSE, REALTIME_PATH } from './realtime-socket.js';

/** Frames the client sends. */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  /** Application-level keep-alive (browsers cannot send protocol pings); answered with `pong`. */
  z.object({ type: z.literal('ping') }),
  /** "I am typing in this trade's chat": relayed as `trade.typing` to the other party only. */
  z.object({ type: z.literal('typing'), tradeHash: lineString().min(1).max(64) }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** Domain events the gateway forwards (published by the server's modules after their commits). */
export const realtimeEventTypes = [
  /** A trade changed status; `data` is a `TradeStatusEvent` (trades.ts): the client refetches the trade. */
  'trade.status',
  /** A chat message (user, system or attachment) was added; `data` is a `TradeMessage` (trades.ts). */
  'trade.message',
  /** A trade was started with the receiver as a party; `data` is a `TradeStatusEvent`. */
  'trade.started',
  /** The other party is typing; `data` is `typingEventData`. */
  'trade.typing',
  /** The partner rated the receiver on a trade; `data` is `{ tradeHash, rating, from }` (decision 0010). */
  'feedback.received',
  /** The partner replied to the receiver's rating; `data` is `{ tradeHash, from }`. */
  'feedback.reply_received',
  /**
   * A verification request of the receiver changed (reviewed, a document asked for again); `data` is
   * `{ requestId, type, status }`: the client refetches its requests and the current user (decision 0038).
   */
  'verification.updated',
  /**
   * A committed change touched the receiver's data (money moved, a deposit arrived, a hold was released,
   * a trade changed); `data` is null: the client re-reads what it shows of its own account (decision 0061).
   */
  'account.changed',
] as const;
export type RealtimeEventType = (typeof realtimeEventTypes)[number];

export const typingEventDataSchema = z.object({ tradeHash: z.string(), username: z.string() });
export type TypingEventData = z.infer<typeof typingEventDataSchema>;

/** Frames the server sends. Domain events carry `tradeHash` when they belong to a trade. */
export const realtimeServerMessageSchema = z.union([
  /** First frame after a successful handshake. */
  z.object({ type: z.literal('ready'), userId: z.number().int() }),
  z.object({ type: z.literal('pong') }),
  /**
   * Events may have been missed (a server's bus connection dropped): re-read what is on screen, as
   * after a reconnect.
   */
  z.object({ type: z.literal('resync') }),
  /** A client frame was refused; the socket stays open. */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  z.object({ type: z.string(), tradeHash: z.string().optional(), data: z.unknown() }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;

/** The largest frame a client may send, in bytes (typing and ping are a few dozen). */
export const REALTIME_MAX_CLIENT_FRAME = 4_096;
