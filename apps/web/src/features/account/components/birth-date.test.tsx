import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { BIRTHDAY_LATER_KEY } from './confirm-birthday-modal';

const PAGE_LOAD = { timeout: 15_000 };

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const notConfirmed = () => jsonResponse(200, { data: { birthDate: null, confirmedAt: null } });
const yearsAgo = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const posts = (fake: ReturnType<typeof createFakeFetch>) =>
  fake.requests.filter((r) => r.method === 'POST' && r.url === '/rest/v1/users/confirm-birthday');

describe('confirm-birthday modal', () => {
  afterEach(() => window.sessionStorage.clear());

  it('should ask a verified trader without a date of birth, check it, ask once more, then confirm it', async () => {
    const user = userEvent.setup();
    const fake = withServer({
      'GET /rest/v1/users/birth-date': notConfirmed,
      'POST /rest/v1/users/confirm-birthday': (request) =>
        jsonResponse(200, {
          data: {
            birthDate: (request.body as { birth_date: string }).birth_date,
            confirmedAt: '2026-03-01T10:00:00.000Z',
          },
        }),
    });
    renderApp({ path: '/error/500', user: buildCurrentUser({ isIdVerified: true }) });
    const modal = await screen.findByTestId('confirm-birthday-modal', {}, PAGE_LOAD);
    const input = within(modal).getByTestId('birth-date-input');

    // A minor is stopped here, before the server is asked.
    fireEvent.change(input, { target: { value: yearsAgo(17) } });
    await user.click(within(modal).getByRole('button', { name: 'Continue' }));
    expect(
      await within(modal).findByText('You must be 18 or older to trade here.', {
        selector: '.mantine-TextInput-error',
      }),
    ).toBeVisible();
    expect(posts(fake)).toHaveLength(0);

    fireEvent.change(input, { target: { value: '1990-06-15' } });
    await user.click(within(modal).getByRole('button', { name: 'Continue' }));
    const check = within(modal).getByTestId('birth-date-check');
    expect(check).toHaveTextContent('You were born on June 15, 1990?');
    expect(check).toHaveTextContent('You confirm it once');
    await user.click(within(check).getByRole('button', { name: 'Yes, confirm it' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-birthday-modal')).not.toBeInTheDocument());
    expect(posts(fake).map((r) => r.body)).toEqual([{ birth_date: '1990-06-15' }]);
  });

  it("should put the server's refusal on the field", async () => {
    const user = userEvent.setup();
    withServer({
      'GET /rest/v1/users/birth-date': notConfirmed,
      'POST /rest/v1/users/confirm-birthday': () =>
        jsonResponse(
          422,
          errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
            { field: 'birth_date', message: 'You must be 18 or older', code: 'too_young' },
          ]),
        ),
    });
    renderApp({ path: '/es/error/500', user: buildCurrentUser({ isIdVerified: true }) });
    const modal = await screen.findByTestId('confirm-birthday-modal', {}, PAGE_LOAD);
    fireEvent.change(within(modal).getByTestId('birth-date-input'), { target: { value: '1990-06-15' } });
    await user.click(within(modal).getByRole('button', { name: 'Continuar' }));
    expect(within(modal).getByTestId('birth-date-check')).toHaveTextContent(
      '¿Naciste el 15 de junio de 1990?',
    );
    await user.click(within(modal).getByRole('button', { name: 'Sí, confirmarla' }));
    expect(
      await within(modal).findByText('Debes tener 18 años o más para operar aquí.', {
        selector: '.mantine-TextInput-error',
      }),
    ).toBeVisible();
  });

  it('should let the trader put it off for the session, and not ask an unverified trader at all', async () => {
    const user = userEvent.setup();
    const fake = withServer({ 'GET /rest/v1/users/birth-date': notConfirmed });
    const { unmount } = renderApp({ path: '/error/500', user: buildCurrentUser({ isIdVerified: true }) });
    const modal = await screen.findByTestId('confirm-birthday-modal', {}, PAGE_LOAD);
    await user.click(within(modal).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-birthday-modal')).not.toBeInTheDocument());
    expect(window.sessionStorage.getItem(BIRTHDAY_LATER_KEY)).toBe('1');
    unmount();

    window.sessionStorage.clear();
    renderApp({ path: '/error/500', user: buildCurrentUser({ isIdVerified: false }) });
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requests.filter((r) => r.url === '/rest/v1/users/birth-date')).toHaveLength(1);
    expect(screen.queryByTestId('confirm-birthday-modal')).not.toBeInTheDocument();
  });

  it('should not ask a trader whose date is confirmed', async () => {
    withServer({
      'GET /rest/v1/users/birth-date': () =>
        jsonResponse(200, { data: { birthDate: '1990-06-15', confirmedAt: '2026-01-01T00:00:00.000Z' } }),
    });
    renderApp({ path: '/error/500', user: buildCurrentUser({ isIdVerified: true }) });
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('confirm-birthday-modal')).not.toBeInTheDocument();
  });
});
