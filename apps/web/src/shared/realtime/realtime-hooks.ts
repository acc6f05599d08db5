import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { RealtimeClient, type RealtimeFrame, type RealtimeStatus } from './realtime-client';

/** The app-wide client: one socket per tab, shared by every component that listens. */
export const realtimeClient = new RealtimeClient();

const RealtimeContext = createContext<RealtimeClient>(realtimeClient);

/** Lets tests (or a storybook) hand the components their own client. */
export const RealtimeProvider = RealtimeContext.Provider;

export function useRealtimeClient(): RealtimeClient {
  return useContext(RealtimeContext);
}

/**
 * Calls `handler` for every frame of `type` while the component is mounted. The latest handler is
 * used without re-subscribing, so an inline function is fine.
 */
export function useRealtimeEvent(type: string, handler: (frame: RealtimeFrame) => void): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.subscribe(type, (frame) => latest.current(frame)), [client, type]);
}

/** Calls `handler` after a reconnect or a server resync: events may have been missed, re-read. */
export function useRealtimeResync(handler: () => void): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.onResync(() => latest.current()), [client]);
}

export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient();
  return useSyncExternalStore(
    (notify) => client.onStatus(notify),
    () => client.status,
    () => client.status,
  );
}
