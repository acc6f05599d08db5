export { RealtimeClient } from './realtime-client';
export type {
  RealtimeClientOptions,
  RealtimeFrame,
  RealtimeHandler,
  RealtimeStatus,
  SocketLike,
} from './realtime-client';
export {
  realtimeClient,
  RealtimeProvider,
  useRealtimeClient,
  useRealtimeEvent,
  useRealtimeResync,
  useRealtimeStatus,
} from './realtime-hooks';
export { RealtimeConnection } from './realtime-connection';
