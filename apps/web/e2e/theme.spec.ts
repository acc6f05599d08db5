import { expect, test } from '@playwright/test';

test.describe('dark theme', () => {
  test('should switch to dark, keep it in a cookie for a month and survive a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByTestId('navbar-desktop').getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    const cookie = (await context.cookies()).find((c) => c.name === 'theme');
    expect(cookie).toMatchObject({ value: 'dark', path: '/', sameSite: 'Lax' });
    const secondsLeft = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(2_592_000 - 120);
    expect(secondsLeft).toBeLessThanOrEqual(2_592_000);

    // The server renders the attribute from the cookie, so the page is dark before any script runs.
    const response = await page.reload();
    expect(await response?.text()).toContain('data-mantine-color-scheme="dark"');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');

    await page.getByTestId('navbar-desktop').getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
