import {
  webhookErrorKeySchema,
  webhookEventNames,
  webhookEventNameSchema,
  type Webhook,
  type WebhookCheck,
  type WebhookEventName,
  type WebhookEventsBody,
  type WebhookSaveResult,
  type WebhookVerifyResult,
  type WebhookWithSecret,
} from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import { checkOutboundUrl, hostOf, OutboundError, type SafeFetch } from '../../platform/outbound/index.js';
import { runChallenge } from './check.js';
import { newWebhookSecret } from './signing.js';
import { webhooks, type WebhookRow } from './tables.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How much of the secret the page shows to recognise it: `whsec_` and four characters. */
const SECRET_PREFIX_LENGTH = 10;

const URL_MESSAGES: Record<string, string> = {
  invalid_url: 'Enter a full address, like https://example.com/hooks/p2p',
  scheme_not_allowed: 'Only http and https addresses',
  credentials_in_url: 'Remove the user name and password from the address',
  address_not_allowed: 'This address is private: webhooks go to public addresses only',
  https_required: 'Use an https:// address',
};

export type WebhooksServiceOptions = {
  db: Db;
  safeFetch: SafeFetch;
  /** WEBHOOK_ALLOWED_PRIVATE_HOSTS: may be private, and plain http. */
  allowedHosts: readonly string[];
  /** The knowledge-base link the page shows (the spec's "knowledge link"). */
  knowledgeUrl: string;
  now?: () => Date;
};

/**
 * A trader's webhook (decision 0043): the URL and its challenge, the ticked events, the signing
 * secret. Network calls (the challenge) never run inside a transaction: PGlite has one session, and a
 * receiver taking 10 s must not hold it. Each write is one statement guarded by the URL it checked, so
 * a save racing another keeps the last URL and that URL's own result.
 */
export function createWebhooksService(options: WebhooksServiceOptions) {
  const { db, safeFetch, knowledgeUrl } = options;
  const now = options.now ?? (() => new Date());
  const allowed = new Set(options.allowedHosts.map((host) => host.toLowerCase()));

  const present = (row: WebhookRow | undefined): Webhook => {
    const checked = new Set(row ? row.events : webhookEventNames);
    return {
      webhookUrl: row?.url ?? null,
      enabled: row?.enabled ?? false,
      status: !row ? 'initial' : row.enabled ? 'enabled' : 'disabled',
      errorKey: row?.errorKey ? (webhookErrorKeySchema.safeParse(row.errorKey).data ?? null) : null,
      events: webhookEventNames.map((name) => ({ name, checked: checked.has(name) })),
      secretPrefix: row ? row.secret.slice(0, SECRET_PREFIX_LENGTH) : null,
      verifiedAt: row?.verifiedAt?.toISOString() ?? null,
      disabledAt: row?.disabledAt?.toISOString() ?? null,
      knowledgeUrl,
    };
  };

  const find = async (userId: number) =>
    (await db.select().from(webhooks).where(eq(webhooks.userId, userId)))[0];

  const owned = async (userId: number) => {
    const row = await find(userId);
    if (!row) throw notFound('You have no webhook yet: save its address first.');
    return row;
  };

  /**
   * The rules a URL must pass before anything is stored or called: a URL, http(s), no credentials, no
   * literal private address, and https for everything but the operator's listed hosts.
   */
  function acceptable(raw: string): string {
    let url: URL;
    try {
      url = checkOutboundUrl(raw, allowed);
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      throw fieldError('url', URL_MESSAGES[error.reason] ?? error.message, error.reason);
    }
    if (url.protocol !== 'https:' && !allowed.has(hostOf(url))) {
      throw fieldError('url', URL_MESSAGES.https_required!, 'https_required');
    }
    return url.toString();
  }

  /** Records a check's outcome on my webhook if its URL is still the one checked. */
  async function recordCheck(
    userId: number,
    url: string,
    check: WebhookCheck,
  ): Promise<WebhookRow | undefined> {
    const at = now();
    const [row] = await db
      .update(webhooks)
      .set(
        check.passed
          ? { enabled: true, errorKey: null, verifiedAt: at, disabledAt: null }
          : { enabled: false, errorKey: check.errorKey, disabledAt: at },
      )
      .where(and(eq(webhooks.userId, userId), eq(webhooks.url, url)))
      .returning();
    return row;
  }

  return {
    async get(userId: number): Promise<Webhook> {
      return present(await find(userId));
    },

    /**
     * `POST /rest/v1/webhooks {url}`: my URL, created or replaced, then checked at once. It is off
     * while it is checked; a failed check keeps it, disabled with the reason. The signing secret is
     * answered the first time only.
     */
    async save(userId: number, raw: string): Promise<WebhookSaveResult> {
      const url = acceptable(raw);
      const secret = newWebhookSecret();
      const [saved] = rowsOf<{ secret: string; inserted: boolean }>(
        await db.execute(sql`INSERT INTO webhooks (user_id, url, secret, events)
          VALUES (${userId}, ${url}, ${secret}, ARRAY[${sql.join(
            webhookEventNames.map((name) => sql`${name}`),
            sql`, `,
          )}]::text[])
          ON CONFLICT (user_id) DO UPDATE SET url = EXCLUDED.url, enabled = false, error_key = NULL
          RETURNING secret, (xmax = 0) AS inserted`),
      );
      if (!saved) throw new Error('upsert into webhooks returned no row');
      const check = await runChallenge(safeFetch, { url, secret: saved.secret }, now());
      const row = (await recordCheck(userId, url, check)) ?? (await find(userId));
      return { webhook: present(row), secret: saved.inserted ? saved.secret : null, check };
    },

    /**
     * `POST /rest/v1/webhooks/verify {url}`: the challenge again. On my saved URL it turns the webhook
     * on (or off, with the reason); another URL is only tried, signed with my secret, and changes nothing.
     */
    async verify(userId: number, raw: string): Promise<WebhookVerifyResult> {
      const url = acceptable(raw);
      const current = await owned(userId);
      const check = await runChallenge(safeFetch, { url, secret: current.secret }, now());
      const row = url === current.url ? await recordCheck(userId, url, check) : undefined;
      return { check, webhook: present(row ?? (await find(userId))) };
    },

    /** `POST /rest/v1/webhooks/events`: the ticked events; names not sent keep their state. */
    async setEvents(userId: number, body: WebhookEventsBody): Promise<Webhook> {
      const current = await owned(userId);
      const checked = new Set<WebhookEventName>(
        current.events.filter((name) => webhookEventNameSchema.safeParse(name).success) as WebhookEventName[],
      );
      for (const { name, checked: on } of body.events) {
        if (on) checked.add(name);
        else checked.delete(name);
      }
      const events = webhookEventNames.filter((name) => checked.has(name));
      const [row] = await db.update(webhooks).set({ events }).where(eq(webhooks.userId, userId)).returning();
      return present(row);
    },

    /** `POST /rest/v1/webhooks/secret`: a new signing secret, answered this once; the old one stops now. */
    async rotateSecret(userId: number): Promise<WebhookWithSecret> {
      await owned(userId);
      const secret = newWebhookSecret();
      const [row] = await db.update(webhooks).set({ secret }).where(eq(webhooks.userId, userId)).returning();
      return { webhook: present(row), secret };
    },

    /** `DELETE /rest/v1/webhooks`: back to the initial state; its queue and log go with it. */
    async remove(userId: number): Promise<void> {
      const deleted = await db
        .delete(webhooks)
        .where(eq(webhooks.userId, userId))
        .returning({ id: webhooks.id });
      if (deleted.length === 0) throw notFound('You have no webhook.');
    },

    /** My webhook's id and whether it is on, for its delivery log; 404 when I have none. */
    async mine(userId: number): Promise<{ id: number; enabled: boolean }> {
      const { id, enabled } = await owned(userId);
      return { id, enabled };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/** Thrown by "send again" while the webhook is off: the delivery would only fail. */
export const webhookDisabled = () =>
  new AppError(409, 'WEBHOOK_DISABLED', 'Your webhook is off: verify its address to turn it on again.');
