import { adminOutboxPageSchema, type outboxChannels } from '@app/contract';
import { adminKeys } from './admin-keys';
import { useCursorQueue } from './cursor-queue';

export type OutboxFilters = { channel?: (typeof outboxChannels)[number]; q?: string };

/** GET /rest/v1/admin/outbox: every mail and SMS, newest first (admins). */
export function useOutbox(filters: OutboxFilters) {
  return useCursorQueue(adminKeys.outbox(filters), '/rest/v1/admin/outbox', filters, adminOutboxPageSchema);
}
