import { Notifications } from '@mantine/notifications';

/**
 * Where toasts appear (top-right, closing after 5 s). Its own chunk, mounted beside the first page: a
 * toast shown before it arrives waits in the notifications store and appears when it mounts.
 */
export function ToastHost() {
  return <Notifications position="top-right" autoClose={5000} limit={5} />;
}
