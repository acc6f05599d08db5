import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableNamedRoutes,
  contentPageSchema,
  contentPageSlugs,
  plannedNamedRoutes,
  supportedLocales,
  type ContentPage,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/**
 * Content pages through the whole HTTP stack: the shipped defaults (both languages, placeholders filled
 * from the configuration), the operator's replacements in DATA_DIR/pages picked up when they change,
 * validation of the slug and locale, and the titles the HTML shell carries before any script runs.
 */
describe('content pages', () => {
  let t: TestApp;
  let visitor: TestClient;
  let pagesDir: string;

  const page = (response: Response): ContentPage => {
    expect(response.statusCode, response.body).toBe(200);
    return contentPageSchema.parse(response.json().data);
  };
  const titleOf = async (url: string) => {
    const response = await visitor.get(url, { headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    return /<title>([^<]*)<\/title>/.exec(response.body)?.[1];
  };
  /** Writes an operator file with a chosen modification time (seconds since the epoch). */
  const writePage = (name: string, text: string, mtimeSeconds: number) => {
    const file = path.join(pagesDir, name);
    fs.writeFileSync(file, text);
    fs.utimesSync(file, mtimeSeconds, mtimeSeconds);
  };

  beforeAll(async () => {
    t = await createTestApp({
      TRADE_FEE_PERCENT: '0.75',
      WALLET_NETWORK_FEES: 'BTC:0.0001,ETH:0.002',
      BOND_AMOUNTS: 'BTC:0.003',
      BOND_HOLD_DAYS: '3',
      TRADE_DISPUTE_AFTER_PAID_MINUTES: '45',
    });
    visitor = t.client();
    pagesDir = path.join(t.config.dataDir, 'pages');
    fs.mkdirSync(pagesDir, { recursive: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should serve every shipped page in every language, titled, with no placeholder left', async () => {
    for (const slug of contentPageSlugs) {
      for (const locale of supportedLocales) {
        const served = page(await visitor.get(`/rest/v1/pages/${slug}?locale=${locale}`));
        expect(served).toMatchObject({ slug, locale });
        expect(served.title.length).toBeGreaterThan(2);
        expect(served.markdown).not.toMatch(/^# /);
        expect(`${served.title}\n${served.markdown}`).not.toContain('{{');
        expect(Number.isNaN(Date.parse(served.updatedAt))).toBe(false);
      }
    }
    expect(page(await visitor.get('/rest/v1/pages/about')).title).toBe('About P2P Market');
    expect(page(await visitor.get('/rest/v1/pages/fees?locale=es')).title).toBe('Comisiones');
  });

  it('should tell the truth about fees: the numbers come from the configuration', async () => {
    const fees = page(await visitor.get('/rest/v1/pages/fees')).markdown;
    expect(fees).toContain("The offer's owner pays 0.75 %");
    expect(fees).toContain('- Bitcoin (BTC): 0.0001 BTC');
    expect(fees).toContain('- Ethereum (ETH): 0.002 ETH');
    // Coins not configured keep the wallet's defaults (the same the withdraw form charges).
    expect(fees).toMatch(/- Litecoin \(LTC\): 0\.0005 LTC/);
    expect(fees).toContain('- Bitcoin (BTC): 0.003 BTC');
    expect(fees).toContain('3 days have passed');
    expect(fees).toContain('need a refundable bond in your wallet: Gift cards, Online wallets.');
    expect(page(await visitor.get('/rest/v1/pages/fees?locale=es')).markdown).toContain(
      'fianza reembolsable en tu monedero:\nTarjetas de regalo, Billeteras en línea.',
    );
    expect(page(await visitor.get('/rest/v1/pages/about')).markdown).toContain('dispute 45 minutes after');

    // The same fee the withdraw form shows.
    const trader = t.client();
    await trader.register('content_reader');
    const conditions = await trader.get('/rest/v2/wallet/withdraw-conditions?crypto_currency_code=BTC');
    expect(conditions.statusCode, conditions.body).toBe(200);
    expect(Number(conditions.json().data.networkFee)).toBe(0.0001);
  });

  it('should validate the slug and the locale, and answer 404 for a page that does not exist', async () => {
    const unknown = await visitor.get('/rest/v1/pages/careers');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('NOT_FOUND');

    for (const bad of ['About', 'fees%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(41)]) {
      const response = await visitor.get(`/rest/v1/pages/${bad}`);
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors[0].details[0].field).toBe('slug');
    }
    const locale = await visitor.get('/rest/v1/pages/about?locale=fr');
    expect(locale.statusCode).toBe(422);
    expect(locale.json().errors[0].details[0].field).toBe('locale');
  });

  it("should serve the operator's file instead of the shipped one, and re-read it when it changes", async () => {
    writePage(
      'terms.md',
      '# House rules of {{appName}}\n\nBe kind. Fee: {{tradeFeePercent}} %.\n',
      1_700_000_000,
    );
    const first = page(await visitor.get('/rest/v1/pages/terms'));
    expect(first).toMatchObject({
      title: 'House rules of P2P Market',
      markdown: 'Be kind. Fee: 0.75 %.',
      locale: 'en',
      updatedAt: new Date(1_700_000_000_000).toISOString(),
    });
    // No Spanish file from the operator: their English text wins over the shipped Spanish one.
    expect(page(await visitor.get('/rest/v1/pages/terms?locale=es'))).toMatchObject({
      title: 'House rules of P2P Market',
      locale: 'en',
    });

    // Same size and mtime: the cached text is served (the file is not read again).
    writePage(
      'terms.md',
      '# House rules of {{appName}}\n\nBe NICE. Fee: {{tradeFeePercent}} %.\n',
      1_700_000_000,
    );
    expect(page(await visitor.get('/rest/v1/pages/terms')).markdown).toBe('Be kind. Fee: 0.75 %.');
    // A newer mtime: read again.
    writePage(
      'terms.md',
      '# House rules of {{appName}}\n\nBe NICE. Fee: {{tradeFeePercent}} %.\n',
      1_700_000_100,
    );
    expect(page(await visitor.get('/rest/v1/pages/terms')).markdown).toBe('Be NICE. Fee: 0.75 %.');

    writePage('terms.es.md', 'Sin título, {{unknownThing}} queda tal cual.', 1_700_000_200);
    expect(page(await visitor.get('/rest/v1/pages/terms?locale=es'))).toMatchObject({
      title: 'Condiciones del servicio',
      markdown: 'Sin título, {{unknownThing}} queda tal cual.',
      locale: 'es',
    });

    fs.rmSync(path.join(pagesDir, 'terms.md'));
    fs.rmSync(path.join(pagesDir, 'terms.es.md'));
    expect(page(await visitor.get('/rest/v1/pages/terms')).title).toBe('Terms of service');
  });

  it('should ignore an oversized operator file and keep the shipped page', async () => {
    writePage('privacy.md', `# Huge\n\n${'x'.repeat(600 * 1024)}`, 1_700_000_000);
    expect(page(await visitor.get('/rest/v1/pages/privacy')).title).toBe('Privacy policy');
    fs.rmSync(path.join(pagesDir, 'privacy.md'));
  });

  it('should put the page title in the HTML shell before any script runs', async () => {
    expect(await titleOf('/about')).toBe('About P2P Market');
    expect(await titleOf('/terms-of-service')).toBe('Terms of service · P2P Market');
    expect(await titleOf('/terms')).toBe('Terms of service · P2P Market');
    expect(await titleOf('/privacy-policy/')).toBe('Privacy policy · P2P Market');
    expect(await titleOf('/es/fees')).toBe('Comisiones · P2P Market');
    expect(await titleOf('/es/privacy')).toBe('Política de privacidad · P2P Market');
    expect(await titleOf('/trade-history')).toBe('P2P Market');
    expect(await titleOf('/fees-and-more')).toBe('P2P Market');

    writePage('fees.md', '# Prices & <costs>\n\nNothing.', 1_700_000_300);
    expect(await titleOf('/fees')).toBe('Prices &amp; &lt;costs&gt; · P2P Market');
    fs.rmSync(path.join(pagesDir, 'fees.md'));
  });

  it('should publish only named routes whose pages exist', async () => {
    const state = (await visitor.get('/rest/v1/app/initial-state')).json().data;
    expect(state.routes).toMatchObject({
      about: '/about',
      termsOfService: '/terms-of-service',
      privacyPolicy: '/privacy-policy',
      fees: '/fees',
    });
    // Every page that exists has its name (issue 26: verification and settings were missing)...
    expect(state.routes).toMatchObject({
      verification: '/account/verification',
      userSettings: '/user/settings',
      walletSend: '/wallet?tab=send',
    });
    expect(Object.keys(state.routes).sort()).toEqual([...availableNamedRoutes].sort());
    // ...and none whose page does not exist, so no link can lead to "Page not found".
    for (const planned of plannedNamedRoutes) expect(state.routes).not.toHaveProperty(planned);
  });
});
