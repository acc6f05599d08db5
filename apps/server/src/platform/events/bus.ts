/**
 * The event bus: how modules tell the rest of the system that something happened (a trade changed
 * status, a chat message arrived, someone is typing) without knowing who listens. The WebSocket gateway
 * delivers events to the users named in `userIds`; other listeners (notifications, webhooks) come later.
 *
 * Embedded default: in-process. Several instances: a PostgreSQL LISTEN/NOTIFY transport (architecture
 * guide, "Real time"). Publishers call `publish` after their transaction commits, so a listener never
 * sees an event for a change that was rolled back.
 */
export type BusEvent = {
  /** What happened: `trade.status`, `trade.message`, `trade.typing`, `trade.started`, ... */
  type: string;
  /** The users who may receive it (the trade's parties). Delivery never goes beyond this list. */
  userIds: readonly number[];
  /** The trade's public hash when the event belongs to a trade. */
  tradeHash?: string;
  /** JSON-serialisable payload, in the shape the HTTP API would answer. */
  data: unknown;
};

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  publish(event: BusEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** One process: listeners are called synchronously in subscription order; a throwing listener is isolated. */
export function createInProcessBus(onListenerError?: (error: unknown) => void): EventBus {
  const listeners = new Set<BusListener>();
  return {
    publish(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          onListenerError?.(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
