import type { SocketLike } from './realtime-client';

/**
 * A WebSocket stand-in for tests: never touches the network; the test opens it, pushes server frames
 * and closes it, and reads what the client sent. Also installed as the global `WebSocket` in the web
 * test setup, so no component test opens a real connection.
 */
export class FakeSocket implements SocketLike {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket created since the last `reset()`, oldest first. */
  static instances: FakeSocket[] = [];
  static reset(): void {
    FakeSocket.instances = [];
  }
  static latest(): FakeSocket | undefined {
    return FakeSocket.instances.at(-1);
  }

  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason?: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = FakeSocket.CLOSED;
  }

  /** The server accepted the handshake and the session: `open`, then the gateway's `ready` frame. */
  accept(userId = 1): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.({});
    this.push({ type: 'ready', userId });
  }

  /** A frame from the server. */
  push(frame: unknown): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  /** The server (or the network) closed the connection. */
  drop(code = 1006, reason = ''): void {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason });
  }
}
