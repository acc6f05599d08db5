import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export type MailMessage = { from: string; to: string; subject: string; text: string; html?: string };

/** Where mails go when they leave the machine. */
export type MailTransport = { send(message: MailMessage): Promise<void>; close(): Promise<void> };

/** Where SMS and voice codes go. */
export type SmsTransport = { send(message: { to: string; text: string; voice: boolean }): Promise<void> };

/** SMTP through nodemailer (`SMTP_URL`, e.g. `smtps://user:pass@mail.example.com:465`). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * A generic HTTP SMS/voice provider (`SMS_HTTP_URL`, `SMS_HTTP_TOKEN`): one POST per message with the
 * JSON `{ to, text, channel: "sms" | "voice" }` and `Authorization: Bearer <token>`; any 2xx is success.
 * Most gateways (or a small relay in front of one) take this shape.
 */
export function httpSmsTransport(
  options: { url: string; token: string | null },
  fetchImpl: typeof fetch = fetch,
): SmsTransport {
  return {
    async send({ to, text, voice }) {
      const response = await fetchImpl(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to, text, channel: voice ? 'voice' : 'sms' }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        throw new Error(`SMS provider answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      }
    },
  };
}

/** The transports the configuration asks for (null: kept in the outbox only). */
export function transportsFromConfig(config: Pick<Config, 'mail'>) {
  return {
    mail: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : null,
    sms: config.mail.smsHttp ? httpSmsTransport(config.mail.smsHttp) : null,
  };
}
