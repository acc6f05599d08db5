import { expect, test, type Page } from '@playwright/test';

/** The spec's breakpoints, from the smallest supported phone to a desktop. */
const widths = [320, 375, 568, 667, 768, 992, 1200, 1280];
const pages = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/es/register' },
];

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('responsive layout', () => {
  for (const { name, path } of pages) {
    test(`${name} should fit every width without horizontal scrolling`, async ({ page }) => {
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        expect(await horizontalOverflow(page), `${path} at ${width}px`).toBeLessThanOrEqual(0);
        const mobile = width < 768;
        await expect(page.getByTestId(mobile ? 'navbar-mobile' : 'navbar-desktop')).toBeVisible();
        await expect(page.getByTestId(mobile ? 'navbar-desktop' : 'navbar-mobile')).toBeHidden();
      }
    });
  }

  test('should open the mobile menu with the same entries', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
    await expect(drawer).toBeHidden();
  });

  test('screenshots: home and login, phone and desktop, light and dark', async ({
    page,
    context,
  }, testInfo) => {
    for (const scheme of ['light', 'dark'] as const) {
      await context.addCookies([{ name: 'theme', value: scheme, url: testInfo.project.use.baseURL ?? '' }]);
      for (const viewport of [
        { label: 'phone', width: 375, height: 812 },
        { label: 'desktop', width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        for (const { name, path } of pages.slice(0, 2)) {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          await expect(page.locator('main h1').first()).toBeVisible();
          const file = testInfo.outputPath(`${name}-${viewport.label}-${scheme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          await testInfo.attach(`${name}-${viewport.label}-${scheme}`, {
            path: file,
            contentType: 'image/png',
          });
        }
      }
    }
  });
});
