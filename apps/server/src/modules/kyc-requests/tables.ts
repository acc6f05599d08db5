import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  verificationDocumentSides,
  verificationDocumentStatuses,
  verificationRequestStatuses,
  verificationTypes,
} from '@app/contract';
import { users } from '../../platform/db/schema.js';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Identity verification requests (decision 0038): one per attempt of a trader to prove their ID, address,
 * video call or company. `details` holds what they entered (names, document number, address), personal
 * data shown only to them and to staff. At most one pending request per trader and type.
 */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: verificationTypes }).notNull(),
    status: text('status', { enum: verificationRequestStatuses }).notNull().default('pending'),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    /** Who decides: `manual` (staff in the console) or an external provider (`sumsub`). */
    provider: text('provider').notNull().default('manual'),
    /** The provider's name for this request (its applicant), when one decides. */
    providerReference: text('provider_reference'),
    /** Every document is in: the request waits for the review. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    /** Why it was denied (the trader reads it). */
    reason: text('reason'),
    /** A pending request not submitted by then expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The trader asked for their documents to be erased: the files go when this passes. */
    eraseAfter: timestamp('erase_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verification_requests_one_pending_key')
      .on(t.userId, t.type)
      .where(sql`${t.status} = 'pending'`),
    index('verification_requests_user_idx').on(t.userId, t.createdAt),
    // The review queue: submitted and pending, oldest first.
    index('verification_requests_queue_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending' AND ${t.submittedAt} IS NOT NULL`),
    uniqueIndex('verification_requests_provider_key')
      .on(t.provider, t.providerReference)
      .where(sql`${t.providerReference} IS NOT NULL`),
    check('verification_requests_type_check', sql`${t.type} IN (${list(verificationTypes)})`),
    check('verification_requests_status_check', sql`${t.status} IN (${list(verificationRequestStatuses)})`),
  ],
);

/**
 * The documents of a request, one per side: expected at the start (`pending`), then each upload replaces
 * the file. The bytes live in the private documents store under `storage_key` (null: not uploaded, or
 * erased).
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => verificationRequests.id, { onDelete: 'cascade' }),
    side: text('side', { enum: verificationDocumentSides }).notNull(),
    status: text('status', { enum: verificationDocumentStatuses }).notNull().default('pending'),
    storageKey: text('storage_key'),
    mime: text('mime'),
    size: bigint('size', { mode: 'number' }),
    reason: text('reason'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verification_documents_side_key').on(t.requestId, t.side),
    check('verification_documents_side_check', sql`${t.side} IN (${list(verificationDocumentSides)})`),
    check('verification_documents_status_check', sql`${t.status} IN (${list(verificationDocumentStatuses)})`),
  ],
);
