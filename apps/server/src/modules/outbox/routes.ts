import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  adminOutboxPageSchema,
  adminOutboxQuerySchema,
  dataEnvelope,
  type AdminOutboxMessage,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { keysetPage } from '../../platform/http/keyset-page.js';
import type { Outbox } from '../../platform/mail/index.js';
import { isoOf } from '../../platform/db/timestamps.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type Row = {
  id: number;
  channel: AdminOutboxMessage['channel'];
  recipient: string;
  username: string | null;
  template: string;
  locale: string;
  subject: string | null;
  body_text: string;
  status: AdminOutboxMessage['status'];
  attempts: number;
  last_error: string | null;
  created_at: unknown;
  sent_at: unknown;
};

/** Newest first; `%` and `_` in the search are literal. */
async function page(
  db: Db,
  query: { channel?: string; status?: string; q?: string },
  afterId: number | undefined,
  limit: number,
) {
  const like = query.q ? `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return rowsOf<Row>(
    await db.execute(sql`SELECT m.*, u.username FROM outbox_messages m LEFT JOIN users u ON u.id = m.user_id
      WHERE true
      ${query.channel ? sql`AND m.channel = ${query.channel}` : sql``}
      ${query.status ? sql`AND m.status = ${query.status}` : sql``}
      ${like ? sql`AND lower(m.recipient) LIKE ${like}` : sql``}
      ${afterId === undefined ? sql`` : sql`AND m.id < ${afterId}`}
      ORDER BY m.id DESC LIMIT ${limit}`),
  );
}

/**
 * The console's outbox (`GET /rest/v1/admin/outbox`, admins only: it holds codes and links that open
 * other people's accounts). Without SMTP this is where an operator finds a user's verification code.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db; outbox: Outbox }> = async (
  app,
  { db, outbox },
) => {
  app.get(
    '/rest/v1/admin/outbox',
    {
      config: { permission: 'outbox.read' },
      schema: {
        tags: ['admin'],
        summary: 'Every mail and SMS sent or kept, newest first',
        description:
          'Every mail, SMS and voice message the platform sent or keeps, newest first, filtered by `channel`, `status` (`pending`, `sent`, `failed`, `kept`: no mail server or SMS provider configured) and part of the recipient (`q`); `cursor` pages them. Operators read sign-up and reset codes here when nothing is delivered.',
        querystring: adminOutboxQuerySchema,
        response: { 200: dataEnvelope(adminOutboxPageSchema) },
      },
    },
    async (request) => {
      const result = await keysetPage(
        request.query,
        (afterId, limit) => page(db, request.query, afterId, limit),
        (rows) =>
          rows.map((r): AdminOutboxMessage => ({
            id: r.id,
            channel: r.channel,
            recipient: r.recipient,
            username: r.username,
            template: r.template,
            locale: r.locale,
            subject: r.subject,
            bodyText: r.body_text,
            status: r.status,
            attempts: r.attempts,
            lastError: r.last_error,
            createdAt: isoOf(r.created_at),
            sentAt: r.sent_at === null ? null : isoOf(r.sent_at),
          })),
      );
      return { data: { ...result, delivery: { email: outbox.sendsMail, sms: outbox.sendsSms } } };
    },
  );
};
