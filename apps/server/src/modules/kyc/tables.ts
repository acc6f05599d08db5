import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

/** The spec's video verification statuses: `allowed` (staff let the user do it), `forced` (staff require it). */
export const VIDEO_STATUSES = ['pending', 'approved', 'rejected', 'allowed', 'forced'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/**
 * What a trader has proven beyond the e-mail and the phone (kept on `users`): one row per verified
 * trader, written when a verification is decided (decision 0037). Each `*_at` is when the requirement
 * was met; null: not met (never, or taken back by staff). The level is derived from these and the
 * operator's levels table, never stored, so a changed table applies to everyone at once.
 */
export const userKyc = pgTable(
  'user_kyc',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    idDocumentAt: timestamp('id_document_at', { withTimezone: true }),
    selfieAt: timestamp('selfie_at', { withTimezone: true }),
    addressAt: timestamp('address_at', { withTimezone: true }),
    videoAt: timestamp('video_at', { withTimezone: true }),
    /** Where the video verification stands (null: never asked, never done). */
    videoStatus: text('video_status', { enum: VIDEO_STATUSES }),
    companyAt: timestamp('company_at', { withTimezone: true }),
    /**
     * The holder's name as the approved ID verification gave it (decision 0050): the only full name the
     * product shows of anyone, and only while the ID stays verified (`id_document_at`).
     */
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'user_kyc_video_status_check',
      sql`${t.videoStatus} IS NULL OR ${t.videoStatus} IN ('pending', 'approved', 'rejected', 'allowed', 'forced')`,
    ),
  ],
);
