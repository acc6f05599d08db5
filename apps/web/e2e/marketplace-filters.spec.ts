import { expect, test } from '@playwright/test';

/** The first page of a market can take a while on the shared CI machine (see marketplace.spec.ts). */
const FIRST_LOAD = { timeout: 30_000 };

/**
 * "Clear filters" (issue 26): the payment method is a filter like the others, so clearing goes back to
 * every method, in the address (the path's `any`) and in the panel's picker, and the search follows.
 */
test.describe('marketplace filters', () => {
  test('should clear the payment method with the other filters, in the address and the page', async ({
    page,
  }) => {
    await page.goto('/trading/buy-bitcoin/bank-transfer?currencyCode=EUR&onlineUsers=1');
    const method = page.getByRole('combobox', { name: 'Payment method' });
    await expect(method).toHaveValue('Bank Transfer', FIRST_LOAD);

    const everyMethod = page.waitForResponse(
      (response) =>
        response.url().includes('/rest/v1/offers?') &&
        !response.url().includes('payment-method=') &&
        response.ok(),
    );
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/^[^?]*\/trading\/buy-bitcoin\/any(\?|$)/);
    expect(new URL(page.url()).searchParams.get('onlineUsers')).toBeNull();
    await expect(method).toHaveValue('');
    await everyMethod;

    // In Spanish on the smallest phone, the same (the filters are behind their block there).
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto('/es/trading/buy-bitcoin/bank-transfer?currencyCode=EUR&onlineUsers=1&block=filters');
    const metodo = page.getByRole('combobox', { name: 'Método de pago' });
    await expect(metodo).not.toHaveValue('', FIRST_LOAD);
    await page.getByRole('button', { name: 'Borrar filtros' }).first().click();
    await expect(page).toHaveURL(/^[^?]*\/es\/trading\/buy-bitcoin\/any(\?|$)/);
    await expect(page.getByRole('combobox', { name: 'Método de pago' })).toHaveValue('');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
