import { z } from 'zod';
import { idCursorSchema } from './common.js';
import { lineString } from './strings.js';

/**
 * The outbox (issue 12, decision 0025): every mail and SMS the platform sent or keeps. Without a mail
 * server configured, this is how an operator reads the verification codes and links of their users.
 */
export const outboxChannels = ['email', 'sms', 'voice'] as const;
export const outboxStatuses = ['pending', 'sent', 'failed', 'kept'] as const;

/** `GET /rest/v1/admin/outbox`: newest first, optionally one channel or status, or a recipient's text. */
export const adminOutboxQuerySchema = z.object({
  channel: z.enum(outboxChannels).optional(),
  status: z.enum(outboxStatuses).optional(),
  /** Part of the recipient (an address or a phone number), case-insensitive. */
  q: lineString().trim().max(254).optional(),
  cursor: idCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminOutboxQuery = z.input<typeof adminOutboxQuerySchema>;

export const adminOutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(outboxChannels),
  recipient: z.string(),
  /** The account it was sent to, when there is one. */
  username: z.string().nullable(),
  template: z.string(),
  locale: z.string(),
  subject: z.string().nullable(),
  bodyText: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminOutboxMessage = z.infer<typeof adminOutboxMessageSchema>;

export const adminOutboxPageSchema = z.object({
  items: z.array(adminOutboxMessageSchema),
  nextCursor: z.string().nullable(),
  /** Whether mails and SMS leave the machine (false: they are only kept here). */
  delivery: z.object({ email: z.boolean(), sms: z.boolean() }),
});
export type AdminOutboxPage = z.infer<typeof adminOutboxPageSchema>;
