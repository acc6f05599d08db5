import { expect, test } from '@playwright/test';

test.describe('languages', () => {
  test('should switch to Spanish from the footer, keeping the page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Español' }).click();

    await expect(page).toHaveURL('/es/login');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByLabel('Usuario o correo electrónico')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Términos del servicio' }),
    ).toHaveAttribute('href', '/es/terms-of-service');

    // Links inside the Spanish pages keep the prefix.
    await page.getByRole('link', { name: 'Crea una cuenta' }).click();
    await expect(page).toHaveURL('/es/register');
    await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
  });

  test('should render a Spanish address in Spanish from the first load, and switch back from the navbar', async ({
    page,
  }) => {
    const response = await page.goto('/es/register');
    expect(await response?.text()).toContain('<html lang="es"');
    await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();

    await page.getByRole('button', { name: 'Cambiar idioma' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('should show Spanish validation messages and the Spanish 404', async ({ page }) => {
    await page.goto('/es/login');
    await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
    await expect(page.getByText('Introduce tu usuario o correo electrónico.')).toBeVisible();

    await page.goto('/es/no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  });
});
