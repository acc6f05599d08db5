import { cryptoToFiat, fiatToCrypto } from '@app/contract';
import { expect, test, type Page } from '@playwright/test';

/** The area line recharts draws for the price series. */
const priceLine = (page: Page) => page.getByTestId('price-chart').locator('svg path.recharts-area-curve');

/**
 * The exact rate the converter uses (`95123.45678901`), as a plain decimal string. The page shows it
 * rounded to the currency (`95,123.46`) and keeps the exact one in `data-rate`.
 */
async function shownRate(page: Page): Promise<string> {
  return (await page.getByTestId('calculator-rate').getAttribute('data-rate')) ?? '';
}

test.describe('calculator', () => {
  test('should draw the BTC chart and switch its range through the address', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('navbar-desktop').getByRole('link', { name: 'Calculator' }).click();
    await expect(page).toHaveURL('/calculator/btc-to-usd');
    await expect(page.getByRole('heading', { level: 1, name: 'BTC to USD calculator' })).toBeVisible();
    await expect(page).toHaveTitle(/^BTC to USD calculator · /);

    await expect(priceLine(page)).toBeVisible();
    const monthLine = await priceLine(page).getAttribute('d');
    expect(monthLine?.length ?? 0).toBeGreaterThan(100);
    await expect(page.getByRole('button', { name: '1M' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('calculator-last-price')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(page.getByTestId('calculator-rate')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(page.getByTestId('calculator-change-24h')).toHaveText(/^[+−]?\d+\.\d{2}% in 24 h$/);

    const weekAnswer = page.waitForResponse(
      (response) => response.url().includes('/rest/v1/calculator?') && response.url().includes('range=week'),
    );
    await page.getByRole('button', { name: '7D' }).click();
    await expect(page).toHaveURL('/calculator/btc-to-usd?range=week');
    const week = (await (await weekAnswer).json()) as { data: { chart: { points: unknown[] } } };
    expect(week.data.chart.points.length).toBeGreaterThan(100); // hourly closes over 7 days
    await expect(page.getByRole('button', { name: '7D' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: '1M' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => priceLine(page).getAttribute('d')).not.toBe(monthLine);

    // The range survives a reload, and a synonym from the spec selects the same button.
    await page.goto('/calculator/btc-to-usd?range=24h');
    await expect(page.getByRole('button', { name: '24H' })).toHaveAttribute('aria-pressed', 'true');
    await expect(priceLine(page)).toBeVisible();
  });

  test('should turn a typed amount into the exact amount at the rate shown', async ({ page }) => {
    await page.goto('/calculator/btc-to-usd');
    const fiat = page.getByLabel('Amount in USD');
    const btc = page.getByLabel('Amount in BTC');
    await expect(fiat).toHaveValue('100');

    await fiat.fill('');
    await fiat.pressSequentially('1234.5a6.7');
    await expect(fiat).toHaveValue('1234.56'); // letters, a second point and a third decimal are refused
    // Compare with the rate on screen at that moment (rates tick once a minute).
    await expect
      .poll(async () => (await btc.inputValue()) === fiatToCrypto('1234.56', await shownRate(page), 8))
      .toBe(true);

    await fiat.fill('');
    await expect(btc).toHaveValue('0.00000000'); // a blank fiat amount counts as 0

    // The other way: BTC -> USD, half-up to the cent.
    await btc.fill('0.5');
    await expect
      .poll(async () => (await fiat.inputValue()) === cryptoToFiat('0.5', await shownRate(page), 2))
      .toBe(true);
    await expect(page.getByTestId('currencies-table')).toContainText('0.5 BTC');
  });

  test('should change the address and the title when the currency changes to EUR', async ({ page }) => {
    await page.goto('/calculator/btc-to-usd?range=week');
    const picker = page.getByRole('combobox', { name: 'Currency' });
    await picker.click();
    await picker.fill('eur');
    await page.getByRole('option', { name: /^EUR/ }).click();

    await expect(page).toHaveURL('/calculator/btc-to-eur?range=week');
    await expect(page).toHaveTitle(/^BTC to EUR calculator · /);
    await expect(page.getByRole('heading', { level: 1, name: 'BTC to EUR calculator' })).toBeVisible();
    await expect(page.getByLabel('Amount in EUR')).toBeVisible();
    await expect(page.getByRole('button', { name: '7D' })).toHaveAttribute('aria-pressed', 'true');
    await expect(priceLine(page)).toBeVisible();
  });

  test('should work in Spanish', async ({ page }) => {
    await page.goto('/es/calculator/btc-to-eur');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Calculadora de BTC a EUR' })).toBeVisible();
    await expect(page).toHaveTitle(/^Calculadora de BTC a EUR · /);
    await expect(page.getByRole('button', { name: '1 m' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('calculator-last-price')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}$/);
    await expect(page.getByRole('heading', { name: 'BTC en otras monedas' })).toBeVisible();
    await expect(
      page.getByTestId('navbar-desktop').getByRole('link', { name: 'Calculadora' }),
    ).toHaveAttribute('href', '/es/calculator/btc-to-usd');

    const fiat = page.getByLabel('Importe en EUR');
    await fiat.fill('');
    await fiat.pressSequentially('10,5'); // a comma is read as the decimal point
    await expect(fiat).toHaveValue('10.5');
    await expect
      .poll(
        async () =>
          (await page.getByLabel('Importe en BTC').inputValue()) ===
          fiatToCrypto('10.5', await shownRate(page), 8),
      )
      .toBe(true);

    await page.getByRole('button', { name: '1 a' }).click();
    await expect(page).toHaveURL('/es/calculator/btc-to-eur?range=year');
  });

  test('should explain an unknown currency and link to the USD calculator', async ({ page }) => {
    await page.goto('/calculator/btc-to-xyz');
    await expect(page.getByRole('heading', { name: 'Unknown currency' })).toBeVisible();
    await expect(page).toHaveTitle(/^Unknown currency · /);
    await page.getByRole('link', { name: 'Open the BTC to USD calculator' }).click();
    await expect(page).toHaveURL('/calculator/btc-to-usd');
    await expect(page.getByRole('heading', { level: 1, name: 'BTC to USD calculator' })).toBeVisible();
  });
});

test.describe('calculator layout', () => {
  test('should fit every width without horizontal scrolling', async ({ page }) => {
    // NGN has the longest figures. The layout is CSS media queries, so one load and a resize per width do.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/calculator/btc-to-ngn');
    await expect(page.getByTestId('currencies-table')).toBeVisible();
    for (const width of [320, 375, 568, 667, 768, 992, 1200, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => new Promise(requestAnimationFrame));
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `overflow at ${width}px`).toBeLessThanOrEqual(0);
      const table = page.getByTestId('currencies-table');
      // The table sits in a scroll container: nothing up to the card may need a sideways scroll.
      const tableOverflow = await table.evaluate((element) => {
        let worst = 0;
        for (
          let node: Element | null = element;
          node && !node.matches('section');
          node = node.parentElement
        ) {
          worst = Math.max(worst, node.scrollWidth - node.clientWidth);
        }
        return worst;
      });
      expect(tableOverflow, `table overflow at ${width}px`).toBeLessThanOrEqual(0);
    }
  });

  test('screenshots: phone and desktop, light and dark', async ({ page, context }, testInfo) => {
    // Four full-page screenshots of a chart page: over a minute on the loaded two-core CI machine.
    test.setTimeout(180_000);
    for (const scheme of ['light', 'dark'] as const) {
      await context.addCookies([{ name: 'theme', value: scheme, url: testInfo.project.use.baseURL ?? '' }]);
      for (const viewport of [
        { label: 'phone', width: 375, height: 812 },
        { label: 'desktop', width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto('/calculator/btc-to-eur');
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await expect(priceLine(page)).toBeVisible();
        await expect(page.getByTestId('calculator-change-24h')).toBeVisible();
        const file = testInfo.outputPath(`calculator-${viewport.label}-${scheme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`calculator-${viewport.label}-${scheme}`, {
          path: file,
          contentType: 'image/png',
        });
      }
    }
  });
});
