import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { userSettingsSchema } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { multipartBody, sendMultipart, smallPng } from '../../../test/fixtures/market.js';
import { tradeScenario } from '../../../test/trade-scenario.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/**
 * Settings through the real HTTP stack and database (decision 0029): the profile rules with the spec's
 * codes, preferences, the one username change, the avatar judged by content, closing the account.
 */
describe('settings', () => {
  let t: TestApp;
  let scenario: ReturnType<typeof tradeScenario>;

  const detailOf = (response: Response) =>
    response.json().errors?.[0]?.details?.[0] as { field: string; code: string } | undefined;
  const codeOf = (response: Response) => (response.json().errors?.[0] as { code: string } | undefined)?.code;
  const ok = (response: Response) => {
    expect(response.statusCode, response.body).toBe(200);
    return userSettingsSchema.parse(response.json().data);
  };

  beforeAll(async () => {
    t = await createTestApp();
    scenario = tradeScenario(t);
  }, 60_000);
  afterAll(() => t?.close());

  it('should save the profile and preferences, refusing bios and intervals with the spec codes', async () => {
    const ana = await scenario.party('st_ana');
    const defaults = ok(await ana.c.get('/rest/v1/users/settings'));
    expect(defaults).toMatchObject({
      bio: '',
      notifyTradeMessagesInterval: 10,
      fullNameVisibilityType: 'nobody',
      fiatCurrencyCode: 'USD',
      usernameChanged: false,
      avatarUrl: null,
    });
    const save = (body: Record<string, unknown>) => ana.c.post('/rest/v1/users/settings', body);
    expect(
      ok(
        await save({
          bio: ' Fast releases, bank transfers from 10 to 5,000 EUR. ',
          notify_trade_messages_interval: '15',
          full_name_visibility_type: 'trusted_and_partners',
          full_name_display_type: 'full_name',
          fiat_currency_code: 'EUR',
          locale: 'es',
          timezone: 'Europe/Madrid',
        }),
      ),
    ).toMatchObject({
      bio: 'Fast releases, bank transfers from 10 to 5,000 EUR.',
      notifyTradeMessagesInterval: 15,
      fullNameVisibilityType: 'trusted_and_partners',
      fullNameDisplayType: 'full_name',
      fiatCurrencyCode: 'EUR',
      locale: 'es',
      timezone: 'Europe/Madrid',
    });
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ bio: 'x'.repeat(501) }, 'bio', 'bio_max'],
      [{ bio: Array(9).fill('line').join('\n') }, 'bio', 'bio_limit'],
      [{ bio: 'WhatsApp me +34 600 111 222' }, 'bio', 'bio_contact_error'],
      [{ bio: 'a\u0000b' }, 'bio', 'invalid_characters'],
      [
        { notify_trade_messages_interval: '1.5' },
        'notify_trade_messages_interval',
        'notification_digits_error',
      ],
      [{ notify_trade_messages_interval: 61 }, 'notify_trade_messages_interval', 'notification_error'],
      [{ fiat_currency_code: 'XYZ' }, 'fiat_currency_code', 'unknown_currency'],
      [{ timezone: 'Mars/Base' }, 'timezone', 'invalid_timezone'],
      [{ locale: 'fr' }, 'locale', 'invalid_value'],
    ];
    for (const [body, field, code] of refusals) {
      const refused = await save(body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(detailOf(refused)).toMatchObject({ field, code });
    }
    expect((await save({ role: 'admin' })).statusCode).toBe(422);
    expect(ok(await ana.c.get('/rest/v1/users/settings')).notifyTradeMessagesInterval).toBe(15);
    expect((await ana.c.post('/rest/v1/users/settings', { bio: 'x' }, { csrf: false })).statusCode).toBe(403);
    expect((await t.client().get('/rest/v1/users/settings')).statusCode).toBe(401);
    expect((await ana.c.get('/rest/v1/users/settings?case=snake')).json().data).toHaveProperty(
      'notify_trade_messages_interval',
      15,
    );
    const me = (await ana.c.get('/rest/v1/users/current_user')).json().data;
    expect(me).toMatchObject({ currency: 'EUR', locale: 'es', timezone: 'Europe/Madrid' });
  });

  it('should change the username once, and never to a taken one', async () => {
    const bo = await scenario.party('st_bo');
    const taken = await scenario.party('st_taken');
    const rename = (username: unknown) => bo.c.post('/rest/v1/users/set-username', { username });
    expect(ok(await rename('ST_Renamed'))).toMatchObject({ usernameChanged: true });
    expect(codeOf(await rename('st_bo_again'))).toBe('USERNAME_ALREADY_CHANGED');
    const other = await scenario.party('st_cy');
    const refused = await other.c.post('/rest/v1/users/set-username', { username: taken.name.toUpperCase() });
    expect(detailOf(refused)).toMatchObject({ field: 'username', code: 'USERNAME_TAKEN' });
    expect(detailOf(await other.c.post('/rest/v1/users/set-username', { username: 'admin' }))?.field).toBe(
      'username',
    );
    expect(ok(await other.c.get('/rest/v1/users/settings')).usernameChanged).toBe(false);
    const fresh = t.client();
    expect((await fresh.login('st_renamed')).statusCode).toBe(200);
    expect((await t.client().login(bo.name)).statusCode).toBe(401);
  });

  it('should take a picture as the avatar by its content, serve it as a 256 px WebP, and remove it', async () => {
    const dee = await scenario.party('st_dee');
    const upload = (data: Buffer, type = 'image/png', filename = 'me.png') =>
      sendMultipart(dee.c, '/rest/v1/users/process-avatar', multipartBody({ filename, type, data }));
    const big = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    // A JPEG named and declared as PNG: judged by its content.
    const saved = ok(await upload(big, 'image/png', 'me.png'));
    expect(saved.avatarUrl).toMatch(/^\/rest\/v1\/users\/st_dee\d*\/avatar\?v=[0-9a-f]{8}$/);
    const served = await t.client().get(saved.avatarUrl!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect((await dee.c.get('/rest/v1/users/current_user')).json().data.avatarUrl).toBe(saved.avatarUrl);
    expect((await t.client().get(`/rest/v1/users/${dee.name}`)).json().data.avatarUrl).toBe(saved.avatarUrl);

    expect(detailOf(await upload(Buffer.from('not a picture at all'), 'image/png'))?.code).toBe(
      'not_an_image',
    );
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect(detailOf(await upload(gif, 'image/gif', 'a.gif'))?.code).toBe('unsupported_image');
    expect(detailOf(await upload(Buffer.alloc(6 * 1_048_576, 1)))?.code).toBe('file_too_large');
    const second = ok(await upload(await smallPng()));
    expect(second.avatarUrl).not.toBe(saved.avatarUrl);
    expect((await t.client().get(saved.avatarUrl!)).statusCode).toBe(200); // same name: the newest picture
    expect(ok(await dee.c.delete('/rest/v1/users/avatar')).avatarUrl).toBeNull();
    expect((await t.client().get(`/rest/v1/users/${dee.name}/avatar`)).statusCode).toBe(404);
    expect((await t.client().post('/rest/v1/users/process-avatar')).statusCode).toBe(401);
  });

  it('should close an account only without trades and money, end its sessions and refuse its login', async () => {
    const seller = await scenario.party('st_sel');
    const buyer = await scenario.party('st_buy');
    await scenario.fund(seller.name, '0.1');
    const offer = await scenario.sellOffer(seller);
    const close = (party: typeof seller, password = 'Str0ng-pass!') =>
      party.c.post('/rest/v1/users/close', { password });
    expect(detailOf(await close(seller, 'Wrong-pass-1!'))).toMatchObject({
      field: 'password',
      code: 'wrong_password',
    });
    const trade = await scenario.start(buyer, offer);
    expect(codeOf(await close(seller))).toBe('ACCOUNT_HAS_OPEN_TRADES');
    expect(codeOf(await close(buyer))).toBe('ACCOUNT_HAS_OPEN_TRADES');
    expect((await buyer.c.post(`/rest/v1/trade/${trade.id}/cancel`)).statusCode).toBe(200);
    expect(codeOf(await close(seller))).toBe('ACCOUNT_HAS_BALANCE');
    expect((await close(buyer)).statusCode).toBe(200);
    expect((await buyer.c.get('/rest/v1/users/current_user')).statusCode).toBe(401);
    const again = t.client();
    const login = await again.login(buyer.name);
    expect([login.statusCode, codeOf(login)]).toEqual([403, 'ACCOUNT_CLOSED']);
    const [row] = (
      (await t.database.db.execute(
        sql`SELECT account_notice, closed_at IS NOT NULL AS closed FROM users WHERE id = ${buyer.id}`,
      )) as unknown as { rows: { account_notice: number; closed: boolean }[] }
    ).rows;
    expect(row).toEqual({ account_notice: 1, closed: true });
    // The seller's offer stays: only a closed account's offers go off.
    const [active] = (
      (await t.database.db.execute(sql`SELECT is_active FROM offers WHERE hash = ${offer}`)) as unknown as {
        rows: { is_active: boolean }[];
      }
    ).rows;
    expect(active!.is_active).toBe(true);
  });
});
