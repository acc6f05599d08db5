import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  webhookErrorKeySchema,
  webhookEventNameSchema,
  type WebhookDelivery,
  type WebhookDeliveryList,
} from '@app/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import type { EventBus } from '../../platform/events/bus.js';
import { notFound } from '../../platform/http/errors.js';
import { coalescedPasses } from '../../platform/jobs/index.js';
import type { Outbox } from '../../platform/mail/index.js';
import type { SafeFetch } from '../../platform/outbound/index.js';
import { errorKeyOf, post } from './check.js';
import { happeningOf, type WebhookHappening } from './events.js';
import { nextRetryDelaySeconds, RETRY_WINDOW_HOURS } from './retry.js';
import { webhookDisabled } from './service.js';
import { webhookDeliveries, webhooks, type WebhookDeliveryRow } from './tables.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How long a claimed delivery is hidden from other workers: longer than one call may take. */
const CLAIM_LEASE_SECONDS = 120;
/** At most this many deliveries per pass, so one pass stays short. */
const BATCH = 20;

const present = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  messageId: row.messageId,
  event: webhookEventNameSchema.parse(row.event),
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  latencyMs: row.latencyMs,
  responseExcerpt: row.responseExcerpt,
  errorKey: row.errorKey ? (webhookErrorKeySchema.safeParse(row.errorKey).data ?? null) : null,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

export type WebhookDeliveryOptions = {
  db: Db;
  safeFetch: SafeFetch;
  outbox: Pick<Outbox, 'queueMail' | 'kick'>;
  log: FastifyBaseLogger;
  pollSeconds: number;
  /** The webhook page, linked from the "turned off" mail. */
  settingsUrl: string;
};

/**
 * The delivery queue (decision 0043): events heard on the bus are written as rows, one per enabled
 * webhook that ticked them, and a worker sends what is due outside any transaction, claiming rows with
 * `FOR UPDATE SKIP LOCKED` (several instances never send one attempt twice; a crashed worker's claim
 * comes back after its lease). A failure is retried on the Standard Webhooks schedule; after the last
 * attempt the delivery fails and the webhook is turned off, with a mail to its owner.
 */
export function createWebhookDelivery(options: WebhookDeliveryOptions) {
  const { db, safeFetch, outbox, log } = options;
  let timer: NodeJS.Timeout | null = null;

  /** Queues one happening for the enabled webhooks of its users that ticked it. Answers how many. */
  async function enqueue(happening: WebhookHappening): Promise<number> {
    if (happening.userIds.length === 0) return 0;
    const body = JSON.stringify({
      type: happening.event,
      payload: happening.payload,
      time: new Date().toISOString(),
    });
    const userIds = sql.join(
      happening.userIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const inserted = rowsOf<{ id: number }>(
      await db.execute(sql`INSERT INTO webhook_deliveries (webhook_id, event_key, message_id, event, body, status)
        SELECT w.id, ${happening.key}, 'msg_' || left(md5(w.id::text || ':' || ${happening.key}), 24),
          ${happening.event}, ${body}, 'pending'
        FROM webhooks w JOIN users u ON u.id = w.user_id
        WHERE w.user_id IN (${userIds}) AND w.enabled AND ${happening.event} = ANY (w.events)
          AND u.username IS DISTINCT FROM ${happening.exceptUsername ?? null}
        ON CONFLICT (webhook_id, event_key) DO NOTHING
        RETURNING id`),
    );
    return inserted.length;
  }

  /** Turns a webhook off after a delivery used its last attempt, and tells its owner (once). */
  async function disableAfterRetries(webhookId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [off] = await tx
        .update(webhooks)
        .set({ enabled: false, errorKey: 'retries_exhausted', disabledAt: new Date() })
        .where(and(eq(webhooks.id, webhookId), eq(webhooks.enabled, true)))
        .returning({ userId: webhooks.userId, url: webhooks.url });
      if (!off) return;
      const [owner] = await tx
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, off.userId));
      if (!owner) return;
      await outbox.queueMail(tx, {
        to: owner.email,
        userId: off.userId,
        template: 'webhook_disabled',
        locale: owner.locale === 'es' ? 'es' : 'en',
        data: { url: off.url, hours: String(RETRY_WINDOW_HOURS), settingsUrl: options.settingsUrl },
      });
    });
    outbox.kick();
  }

  /** Sends one claimed delivery and records the outcome. Answers whether the receiver took it. */
  async function attempt(id: number): Promise<boolean> {
    const [row] = await db
      .select({ delivery: webhookDeliveries, url: webhooks.url, secret: webhooks.secret })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhookDeliveries.id, id));
    if (!row) return false;
    const { delivery } = row;
    let outcome: {
      status: number | null;
      latencyMs: number | null;
      excerpt: string | null;
      errorKey: string | null;
    };
    try {
      const answer = await post(safeFetch, row, { id: delivery.messageId, body: delivery.body });
      const ok = answer.status >= 200 && answer.status < 300;
      outcome = {
        status: answer.status,
        latencyMs: answer.latencyMs,
        excerpt: answer.excerpt,
        errorKey: ok ? null : 'bad_status',
      };
    } catch (error) {
      outcome = {
        status: null,
        latencyMs: null,
        excerpt: error instanceof Error ? error.message.slice(0, 300) : null,
        errorKey: errorKeyOf(error),
      };
    }
    const recorded = {
      lastAttemptAt: new Date(),
      responseStatus: outcome.status,
      latencyMs: outcome.latencyMs,
      responseExcerpt: outcome.excerpt,
      errorKey: outcome.errorKey,
    };
    if (outcome.errorKey === null) {
      await db
        .update(webhookDeliveries)
        .set({ ...recorded, status: 'delivered', deliveredAt: new Date() })
        .where(eq(webhookDeliveries.id, id));
      return true;
    }
    const failures = delivery.failures + 1;
    const delay = nextRetryDelaySeconds(failures);
    await db
      .update(webhookDeliveries)
      .set({
        ...recorded,
        failures,
        status: delay === null ? 'failed' : 'pending',
        nextAttemptAt: delay === null ? undefined : sql`now() + make_interval(secs => ${delay})`,
      })
      .where(eq(webhookDeliveries.id, id));
    log.info(
      { deliveryId: id, failures, final: delay === null, errorKey: outcome.errorKey },
      'webhook delivery failed',
    );
    if (delay === null) await disableAfterRetries(delivery.webhookId);
    return false;
  }

  /** One pass: claims the due deliveries of enabled webhooks and sends each. Answers how many arrived. */
  async function deliverOnce(): Promise<number> {
    const claimed = rowsOf<{ id: number }>(
      await db.execute(sql`UPDATE webhook_deliveries SET attempts = attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
        WHERE id IN (SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
          WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND w.enabled
          ORDER BY d.next_attempt_at, d.id LIMIT ${BATCH} FOR UPDATE OF d SKIP LOCKED)
        RETURNING id`),
    )
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
    let delivered = 0;
    // One receiver at a time per pass: a slow one delays the others by at most its time-out.
    for (const id of claimed) if (await attempt(id)) delivered += 1;
    return claimed.length === BATCH ? delivered + (await deliverOnce()) : delivered;
  }

  /** Sends everything due now; a call while a pass runs makes that pass go round once more. */
  const passes = coalescedPasses(deliverOnce);
  const deliverDue = () => passes.run();

  const kick = () => {
    void deliverDue().catch((err: unknown) => log.warn({ err }, 'webhook delivery pass failed'));
  };

  return {
    enqueue,
    deliverDue,
    kick,

    /** Queues the bus's events for the webhooks that want them, then sends them at once. */
    listen(bus: EventBus): () => void {
      return bus.subscribe((event) => {
        const happening = happeningOf(event);
        if (!happening) return;
        enqueue(happening)
          .then((queued) => {
            if (queued > 0) kick();
          })
          .catch((err: unknown) => log.warn({ err, type: event.type }, 'webhook event not queued'));
      });
    },

    /** `GET /rest/v1/webhooks/deliveries?page=`: my webhook's log, newest first. */
    async list(webhookId: number, page: number): Promise<WebhookDeliveryList> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.webhookId, webhookId))
          .orderBy(desc(webhookDeliveries.id))
          .limit(WEBHOOK_DELIVERIES_PAGE_SIZE)
          .offset((page - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE),
        db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)),
      ]);
      return {
        deliveries: rows.map(present),
        page,
        pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE,
        total: total?.n ?? 0,
      };
    },

    /**
     * `POST /rest/v1/webhooks/deliveries/{id}/resend`: the same message (same `webhook-id`) due now,
     * with a fresh retry schedule. 404 for another's delivery, 409 while the webhook is off.
     */
    async resend(webhookId: number, enabled: boolean, id: number): Promise<WebhookDelivery> {
      const [row] = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhookId, webhookId)));
      if (!row) throw notFound('Delivery not found');
      if (!enabled) throw webhookDisabled();
      const [queued] = await db
        .update(webhookDeliveries)
        .set({ status: 'pending', failures: 0, nextAttemptAt: sql`now()`, deliveredAt: null })
        .where(eq(webhookDeliveries.id, id))
        .returning();
      kick();
      return present(queued!);
    },

    start() {
      if (timer) return;
      kick();
      timer = setInterval(kick, options.pollSeconds * 1_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await passes.idle();
    },
  };
}

export type WebhookDeliveryQueue = ReturnType<typeof createWebhookDelivery>;
