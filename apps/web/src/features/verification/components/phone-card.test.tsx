import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

const phone = (overrides: Record<string, unknown> = {}) => ({
  number: null,
  code: null,
  countdown: null,
  isAttemptsExceeded: false,
  isCodeSent: false,
  isVerified: false,
  ...overrides,
});

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch({
    'GET /rest/v1/users/sessions': () => jsonResponse(200, { data: [] }),
    'GET /rest/v1/users/two-factor': () =>
      jsonResponse(200, {
        data: {
          enabled: false,
          type: 'none',
          login: false,
          release: false,
          sendout: false,
          recoveryCodesLeft: 0,
        },
      }),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('PhoneCard (security page)', () => {
  it('should say a refused number in words, send a code, count down, and verify with it', async () => {
    const user = userEvent.setup();
    let current = phone();
    const fake = withServer({
      'GET /rest/v1/users/phone': () => jsonResponse(200, { data: current }),
      'POST /rest/v1/users/send-phone-code': (request) => {
        if ((request.body as { phone: string }).phone === '600111222') {
          return jsonResponse(
            422,
            errorBody('ERROR_INPUT_VALIDATION', 'Invalid', [
              { field: 'phone', message: 'Write the number with its country code', code: 'parse_error' },
            ]),
          );
        }
        current = phone({ number: '+34 612 34 56 78', code: '34', countdown: 60, isCodeSent: true });
        return jsonResponse(200, { data: current });
      },
      'POST /rest/v1/users/confirm-phone': () => {
        current = phone({ number: '+34 612 34 56 78', code: '34', isVerified: true });
        return jsonResponse(200, { data: current });
      },
    });
    renderApp({ path: '/user/security', user: buildCurrentUser() });
    const field = await screen.findByLabelText('Mobile number with country code', {}, PAGE_LOAD);
    await user.type(field, '600111222');
    await user.click(screen.getByRole('button', { name: 'Send a code by SMS' }));
    expect(await screen.findByText(/with its country code, e\.g\. \+34/)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '+34 612 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Send a code by SMS' }));
    expect(await screen.findByText('We sent a 6-digit code to +34 612 34 56 78.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New code in (60|59) s/ })).toBeDisabled();
    await user.type(screen.getByLabelText('Code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('phone-number')).toHaveTextContent('+34 612 34 56 78');
    await waitFor(() =>
      expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { phone: '600111222', call: false },
        { phone: '+34 612 34 56 78', call: false },
        { phoneCode: '482913' },
      ]),
    );
  }, 30_000);
});
