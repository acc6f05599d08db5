import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, DbOrTx } from '../db/client.js';
import { coalescedPasses } from '../jobs/index.js';
import { outboxMessages, type OutboxMessageRow } from './tables.js';
import { renderSms, renderTemplate, type TemplateName } from './templates.js';
import type { MailTransport, SmsTransport } from './transports.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How long a claimed message is hidden from other workers while it is being sent. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** At most this many messages are sent per pass, so one pass stays short. */
const BATCH = 20;

/** Seconds before attempt `n + 1` (n >= 1): 30 s, 1 min, 2 min, ... at most 1 h. */
export const retryDelaySeconds = (attempts: number) => Math.min(3_600, 30 * 2 ** (attempts - 1));

export type QueuedMail = {
  to: string;
  userId?: number | null;
  template: TemplateName;
  locale: string;
  data: Record<string, string>;
};

export type QueuedSms = QueuedMail & { voice?: boolean };

/**
 * The outbox (decision 0025): `queueMail` / `queueSms` render a template and write the message in the
 * caller's transaction; `deliverDue` sends what is pending, outside any transaction (PGlite has one
 * session: no network I/O may hold it), claiming rows with `FOR UPDATE SKIP LOCKED` so several instances
 * never send one message twice, and scheduling retries with backoff until `maxAttempts`.
 */
export function createOutbox({
  db,
  config,
  appName,
  mail,
  sms,
  log,
}: {
  db: Db;
  config: Pick<Config, 'mail'>;
  appName: string;
  mail: MailTransport | null;
  sms: SmsTransport | null;
  log: FastifyBaseLogger;
}) {
  let timer: NodeJS.Timeout | null = null;

  const withApp = (data: Record<string, string>) => ({ appName, ...data });

  async function insert(
    tx: DbOrTx,
    values: Omit<typeof outboxMessages.$inferInsert, 'status'>,
    deliverable: boolean,
  ): Promise<OutboxMessageRow> {
    const [row] = await tx
      .insert(outboxMessages)
      .values({ ...values, status: deliverable ? 'pending' : 'kept' })
      .returning();
    return row!;
  }

  async function sendOne(row: OutboxMessageRow): Promise<void> {
    if (row.channel === 'email') {
      await mail!.send({
        from: config.mail.from,
        to: row.recipient,
        subject: row.subject ?? '',
        text: row.bodyText,
        html: row.bodyHtml ?? undefined,
      });
    } else {
      await sms!.send({ to: row.recipient, text: row.bodyText, voice: row.channel === 'voice' });
    }
  }

  /** One pass: claims due messages, sends each, records the outcome. Answers how many were sent. */
  async function deliverOnce(): Promise<number> {
    const claimed = rowsOf<Record<string, unknown>>(
      await db.execute(sql`UPDATE outbox_messages SET attempts = attempts + 1,
          next_attempt_at = now() + ${`${CLAIM_LEASE_MS} milliseconds`}::interval
        WHERE id IN (SELECT id FROM outbox_messages WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id`),
    )
      .map((r) => Number(r.id))
      // RETURNING has no order: oldest first.
      .sort((a, b) => a - b);
    let sent = 0;
    for (const id of claimed) {
      const [row] = await db
        .select()
        .from(outboxMessages)
        .where(sql`${outboxMessages.id} = ${id}`);
      if (!row) continue;
      try {
        await sendOne(row);
        await db
          .update(outboxMessages)
          .set({ status: 'sent', sentAt: new Date(), lastError: null })
          .where(sql`${outboxMessages.id} = ${id}`);
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const final = row.attempts >= config.mail.maxAttempts;
        log.warn({ outboxId: id, attempts: row.attempts, final, err: message }, 'outbox delivery failed');
        await db
          .update(outboxMessages)
          .set({
            status: final ? 'failed' : 'pending',
            lastError: message.slice(0, 1_000),
            nextAttemptAt: new Date(Date.now() + retryDelaySeconds(row.attempts) * 1_000),
          })
          .where(sql`${outboxMessages.id} = ${id}`);
      }
    }
    return sent;
  }

  /** Sends everything due now; a call while a pass runs makes that pass go round once more. */
  const passes = coalescedPasses(deliverOnce);
  const deliverDue = () => passes.run();

  const kick = () => {
    if (!mail && !sms) return;
    void deliverDue().catch((err: unknown) => log.warn({ err }, 'outbox pass failed'));
  };

  return {
    /** Renders and writes a mail in `tx`; call `kick()` after the commit to send it at once. */
    async queueMail(tx: DbOrTx, message: QueuedMail): Promise<OutboxMessageRow> {
      const rendered = renderTemplate(message.template, message.locale, withApp(message.data));
      return insert(
        tx,
        {
          channel: 'email',
          recipient: message.to,
          userId: message.userId ?? null,
          template: message.template,
          locale: message.locale,
          subject: rendered.subject,
          bodyText: rendered.text,
          bodyHtml: rendered.html,
        },
        mail !== null,
      );
    },

    /** Renders and writes an SMS (or a voice call's text) in `tx`. */
    async queueSms(tx: DbOrTx, message: QueuedSms): Promise<OutboxMessageRow> {
      return insert(
        tx,
        {
          channel: message.voice ? 'voice' : 'sms',
          recipient: message.to,
          userId: message.userId ?? null,
          template: message.template,
          locale: message.locale,
          subject: null,
          bodyText: renderSms(message.template, message.locale, withApp(message.data)),
          bodyHtml: null,
        },
        sms !== null,
      );
    },

    kick,
    deliverDue,
    /** Whether mails leave the machine (false: staff read them in the console's outbox). */
    sendsMail: mail !== null,
    sendsSms: sms !== null,

    start() {
      if ((!mail && !sms) || timer) return;
      kick();
      timer = setInterval(kick, config.mail.pollSeconds * 1_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await passes.idle();
      await mail?.close();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
