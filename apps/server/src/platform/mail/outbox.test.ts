import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { adminOutboxPageSchema } from '@app/contract';
import { runAdminCommand } from '../../cli/commands.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createOutbox, httpSmsTransport, retryDelaySeconds, smtpTransport } from './index.js';
import { renderTemplate } from './templates.js';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free port that keeps what it receives (no TLS, no auth: loopback only). */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A local SMS gateway: answers with `status` and keeps the requests. */
async function startSmsGateway() {
  const requests: { auth: string | undefined; body: { to: string; text: string; channel: string } }[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push({ auth: request.headers.authorization, body: JSON.parse(body) });
      response.writeHead(status).end(status === 200 ? '{"ok":true}' : 'gateway down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    url: `http://127.0.0.1:${port}/send`,
    setStatus: (next: number) => (status = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const mail = (to: string, code = '482913') => ({
  to,
  template: 'security_code' as const,
  locale: 'en',
  data: { code, minutes: '10' },
});

describe('the outbox', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OUTBOX_MAX_ATTEMPTS: '2' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const statusOf = async (id: number) =>
    (
      (await t.database.db.execute(
        sql`SELECT status, attempts, last_error FROM outbox_messages WHERE id = ${id}`,
      )) as unknown as { rows: { status: string; attempts: number; last_error: string | null }[] }
    ).rows[0]!;

  it('should deliver a queued mail to the SMTP server, text and HTML, and mark it sent', async () => {
    const row = await t.database.db.transaction((tx) => t.app.outbox.queueMail(tx, mail('ana@example.com')));
    expect(row.status).toBe('pending');
    expect(await t.app.outbox.deliverDue()).toBe(1);
    const got = smtp.received.find((r) => r.to.includes('ana@example.com'))!;
    expect(got.from).toBe('no-reply@localhost');
    expect(got.raw).toContain('Subject: Your P2P Market security code: 482913');
    expect(got.raw).toContain('text/plain');
    expect(got.raw).toContain('text/html');
    expect(await statusOf(row.id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    // Nothing is sent twice.
    expect(await t.app.outbox.deliverDue()).toBe(0);
  });

  it('should retry a failed delivery with backoff, then give up after OUTBOX_MAX_ATTEMPTS', async () => {
    const down = createOutbox({
      db: t.database.db,
      config: t.config,
      appName: 'P2P Market',
      // Nothing listens on port 9 (discard): the connection is refused.
      mail: smtpTransport('smtp://127.0.0.1:9'),
      sms: null,
      log: t.app.log,
    });
    const row = await down.queueMail(t.database.db, mail('bo@example.com'));
    // Other messages may be due too; this one must have failed once.
    await down.deliverDue();
    const first = await statusOf(row.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.last_error).toMatch(/ECONNREFUSED|connect/i);
    const [due] = (
      (await t.database.db.execute(
        sql`SELECT extract(epoch FROM next_attempt_at - now())::int AS wait FROM outbox_messages WHERE id = ${row.id}`,
      )) as unknown as { rows: { wait: number }[] }
    ).rows;
    expect(due!.wait).toBeGreaterThan(retryDelaySeconds(1) - 5);
    await t.database.db.execute(sql`UPDATE outbox_messages SET next_attempt_at = now() WHERE id = ${row.id}`);
    await down.deliverDue();
    expect(await statusOf(row.id)).toMatchObject({ status: 'failed', attempts: 2 });
    await down.stop();
  });

  it('should lose nothing across a restart: another outbox on the same database sends what was pending', async () => {
    const before = smtp.received.length;
    const first = createOutbox({
      db: t.database.db,
      config: t.config,
      appName: 'P2P Market',
      mail: smtpTransport(`smtp://127.0.0.1:${smtp.port}`),
      sms: null,
      log: t.app.log,
    });
    const rows = await t.database.db.transaction(async (tx) => [
      await first.queueMail(tx, mail('cy@example.com', '100001')),
      await first.queueMail(tx, mail('cy@example.com', '100002')),
    ]);
    await first.stop(); // the process ends before its worker ran
    // Two instances after the restart pass at once: each message goes out exactly once.
    const second = createOutbox({
      db: t.database.db,
      config: t.config,
      appName: 'P2P Market',
      mail: smtpTransport(`smtp://127.0.0.1:${smtp.port}`),
      sms: null,
      log: t.app.log,
    });
    await Promise.all([t.app.outbox.deliverDue(), second.deliverDue()]);
    const codes = smtp.received.slice(before).map((r) => /code: (\d{6})/.exec(r.raw)?.[1]);
    expect(codes.sort()).toEqual(['100001', '100002']);
    for (const row of rows) expect((await statusOf(row.id)).status).toBe('sent');
    await second.stop();
  });

  it('should send SMS and voice codes to the HTTP provider with its token, retrying when it fails', async () => {
    const gateway = await startSmsGateway();
    const outbox = createOutbox({
      db: t.database.db,
      config: t.config,
      appName: 'P2P Market',
      mail: null,
      sms: httpSmsTransport({ url: gateway.url, token: 'sms-secret' }),
      log: t.app.log,
    });
    try {
      gateway.setStatus(503);
      const sms = await outbox.queueSms(t.database.db, { ...mail('+34600111222', '777001') });
      const call = await outbox.queueSms(t.database.db, { ...mail('+34600111222', '777002'), voice: true });
      await outbox.deliverDue();
      expect((await statusOf(sms.id)).status).toBe('pending');
      expect((await statusOf(sms.id)).last_error).toContain('503');
      gateway.setStatus(200);
      await t.database.db.execute(
        sql`UPDATE outbox_messages SET next_attempt_at = now() WHERE id IN (${sms.id}, ${call.id})`,
      );
      await outbox.deliverDue();
      expect((await statusOf(sms.id)).status).toBe('sent');
      expect((await statusOf(call.id)).status).toBe('sent');
      const delivered = gateway.requests.slice(-2);
      expect(delivered.map((r) => r.auth)).toEqual(['Bearer sms-secret', 'Bearer sms-secret']);
      expect(delivered.map((r) => r.body)).toEqual([
        { to: '+34600111222', text: 'Your P2P Market security code: 777001', channel: 'sms' },
        { to: '+34600111222', text: 'Your P2P Market security code: 777002', channel: 'voice' },
      ]);
    } finally {
      await outbox.stop();
      await gateway.close();
    }
  });
});

describe('the outbox without a mail server', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, role] of [
      ['ob_admin', 'admin'],
      ['ob_super', 'supermod'],
    ]) {
      const created = await runAdminCommand({ db: t.database.db, config: t.config }, [
        'user:create',
        ...['--username', name!, '--email', `${name}@example.com`, '--password', 'Str0ng-pass!'],
        ...['--role', role!],
      ]);
      expect(created.exitCode, created.output).toBe(0);
    }
  }, 60_000);
  afterAll(() => t?.close());

  it('should keep every mail for admins to read in the console, newest first, filtered', async () => {
    await t.database.db.transaction(async (tx) => {
      await t.app.outbox.queueMail(tx, mail('dee@example.com', '111111'));
      await t.app.outbox.queueMail(tx, { ...mail('eve@example.com', '222222'), locale: 'es' });
      await t.app.outbox.queueSms(tx, mail('+34600999888', '333333'));
    });
    expect(await t.app.outbox.deliverDue()).toBe(0);
    const admin = t.client();
    expect((await admin.login('ob_admin')).statusCode).toBe(200);
    const page = adminOutboxPageSchema.parse((await admin.get('/rest/v1/admin/outbox')).json().data);
    expect(page.delivery).toEqual({ email: false, sms: false });
    const queued = ['+34600999888', 'eve@example.com', 'dee@example.com'];
    expect(
      page.items.filter((m) => queued.includes(m.recipient)).map((m) => [m.channel, m.recipient, m.status]),
    ).toEqual([
      ['sms', '+34600999888', 'kept'],
      ['email', 'eve@example.com', 'kept'],
      ['email', 'dee@example.com', 'kept'],
    ]);
    expect(page.items.find((m) => m.recipient === 'eve@example.com')!.subject).toBe(
      'Tu código de seguridad de P2P Market: 222222',
    );
    const found = adminOutboxPageSchema.parse(
      (await admin.get('/rest/v1/admin/outbox?q=DEE@&channel=email')).json().data,
    );
    expect(found.items.map((m) => m.recipient)).toEqual(['dee@example.com']);
    expect((await admin.get('/rest/v1/admin/outbox?q=%25')).json().data.items).toEqual([]);
    const paged = adminOutboxPageSchema.parse(
      (await admin.get('/rest/v1/admin/outbox?channel=email&limit=1')).json().data,
    );
    const next = adminOutboxPageSchema.parse(
      (await admin.get(`/rest/v1/admin/outbox?channel=email&limit=1&cursor=${paged.nextCursor}`)).json().data,
    );
    expect(next.items[0]!.id).toBeLessThan(paged.items[0]!.id);
    for (const query of [
      'status=lost',
      'channel=fax',
      'cursor=0',
      'cursor=8889135095',
      'limit=500',
      'q=a%00b',
    ]) {
      expect((await admin.get(`/rest/v1/admin/outbox?${query}`)).statusCode, query).toBe(422);
    }
    const supermod = t.client();
    expect((await supermod.login('ob_super')).statusCode).toBe(200);
    expect((await supermod.get('/rest/v1/admin/outbox')).json().errors[0].code).toBe('FORBIDDEN_ROLE');
  });
});

describe('mail templates', () => {
  it('should render text and HTML with every value escaped, and refuse a missing value', () => {
    const rendered = renderTemplate('password_reset', 'en', {
      appName: 'P2P <Market>',
      url: 'https://p2p.example/reset?token=a&b',
      minutes: '30',
    });
    expect(rendered.subject).toBe('Reset your P2P <Market> password');
    expect(rendered.text).toContain('Choose a new password: https://p2p.example/reset?token=a&b');
    expect(rendered.html).toContain('href="https://p2p.example/reset?token=a&amp;b"');
    expect(rendered.html).toContain('P2P &lt;Market&gt;');
    expect(rendered.html).not.toContain('<Market>');
    expect(() => renderTemplate('password_reset', 'es', { appName: 'x', minutes: '30' })).toThrow(/url/);
  });
});
