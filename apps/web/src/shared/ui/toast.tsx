import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from './icons';

type ToastInput = { title?: string; message: string };

/**
 * Success and error toasts (spec: top-right, auto close after 5000 ms, set on <Notifications>).
 */
export const toast = {
  success({ title, message }: ToastInput): void {
    notifications.show({ title, message, color: 'teal', icon: <IconCheck size={18} />, withBorder: true });
  },
  error({ title, message }: ToastInput): void {
    notifications.show({ title, message, color: 'red', icon: <IconX size={18} />, withBorder: true });
  },
};
