import type { CorporateAccount, VerificationRequest } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '@/shared/api';
import { realtimeClient } from '@/shared/realtime';
import { FakeSocket } from '@/shared/realtime/fake-socket';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildDocument, buildRequest, verificationRoutes } from '../testing/kyc-fixtures';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };
const PAGE = '/account/verification';

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const account = (overrides: Partial<CorporateAccount> = {}): CorporateAccount => ({
  status: 'application_submitted',
  legalName: 'Acme Trading S.L.',
  businessName: 'Acme',
  registrationNumber: 'B-12345678',
  countryIso3: 'ESP',
  nameDisplay: 'legal_entity',
  verificationRequestId: 31,
  postponedUntil: null,
  ...overrides,
});

const companyRequest = (overrides: Partial<VerificationRequest> = {}) =>
  buildRequest({
    id: 31,
    type: 'company',
    details: {},
    documents: [buildDocument({ side: 'company' })],
    ...overrides,
  });

const trader = (overrides: Parameters<typeof buildCurrentUser>[0] = {}) =>
  buildCurrentUser({ username: 'ana', ...overrides });

const companyStep = () =>
  screen.findByRole('region', { name: 'Step 4 (companies): company verification' }, PAGE_LOAD);

describe('VerificationPage: company accounts', () => {
  beforeEach(() => {
    FakeSocket.reset();
    setCsrfToken('csrf-token');
  });
  afterEach(() => {
    realtimeClient.disconnect();
    vi.unstubAllGlobals();
  });

  it('should check the application as the user types, send it, and count down to the company papers', async () => {
    const user = userEvent.setup();
    let current = trader();
    let requests: VerificationRequest[] = [];
    const fake = withServer({
      ...verificationRoutes({ requests: () => requests }),
      'GET /rest/v1/users/current_user': () => jsonResponse(200, { data: current }),
      'POST /rest/v1/users/corporate-accounts/convert-to-corporate': () => {
        current = trader({ corporateAccount: account(), isCorporateAccount: true });
        requests = [companyRequest()];
        return jsonResponse(200, {
          data: { redirect: '/account/verification', corporateAccount: account() },
        });
      },
    });
    renderApp({ path: PAGE, user: current });
    const step = await companyStep();
    await user.click(await within(step).findByRole('button', { name: 'Convert to a company account' }));
    const form = within(step).getByRole('form', { name: 'Company details' });

    // Nothing typed: each required field says what it needs; nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Convert to a company account' }));
    expect(
      await within(form).findByText("Enter the company's legal name, as in the register."),
    ).toBeVisible();
    expect(
      within(form).getByText('Enter the number as registered: 3 to 40 letters, digits, spaces, . / -.'),
    ).toBeVisible();
    expect(within(form).getByText('Choose the country.')).toBeVisible();
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: /^Legal name/ }), 'Acme Trading S.L.');
    await user.type(within(form).getByRole('textbox', { name: /^Business name/ }), 'Acme');
    await user.type(within(form).getByLabelText(/^Registration number/), 'b-12345678');
    const country = within(form).getByRole('combobox', { name: /^Country of registration/ });
    await user.click(country);
    await user.click(await screen.findByRole('option', { name: 'Spain' }));
    await user.click(within(form).getByRole('radio', { name: 'Business name' }));
    await user.click(within(form).getByRole('button', { name: 'Convert to a company account' }));

    await waitFor(() =>
      expect(fake.requests.find((r) => r.url.endsWith('/convert-to-corporate'))).toBeDefined(),
    );
    expect(fake.requests.find((r) => r.url.endsWith('/convert-to-corporate'))?.body).toEqual({
      legal_name: 'Acme Trading S.L.',
      business_name: 'Acme',
      registration_number: 'B-12345678',
      country_iso3: 'ESP',
      name_display: 'business_name',
    });

    // The spec's 4 s: a countdown with a way to go at once, to this step's heading.
    const converted = await within(step).findByTestId('corporate-converted');
    expect(converted).toHaveTextContent('Your account is now a company account.');
    expect(converted).toHaveTextContent(/Taking you to the company's papers in [1-4] seconds?\./);
    expect(within(converted).getByRole('link', { name: 'Go now' })).toHaveAttribute(
      'href',
      '/account/verification#kyc-company-title',
    );
    // The account is the company's now: its summary and the papers to upload.
    expect(await within(step).findByTestId('corporate-status')).toHaveTextContent(
      "Waiting for the company's papers",
    );
    expect(within(step).getByText('Acme Trading S.L. (Acme)')).toBeVisible();
    expect(within(step).getByRole('button', { name: 'Upload: Company document' })).toBeVisible();
  }, 30_000);

  it('should put a server refusal on its field and a conflict above the button', async () => {
    const user = userEvent.setup();
    let answer = 0;
    withServer({
      ...verificationRoutes(),
      'GET /rest/v1/users/current_user': () => jsonResponse(200, { data: trader() }),
      'POST /rest/v1/users/corporate-accounts/convert-to-corporate': () =>
        ++answer === 1
          ? jsonResponse(
              422,
              errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
                {
                  field: 'registration_number',
                  code: 'invalid_string',
                  message: 'The number as registered: 3 to 40 letters, digits, spaces, . / -',
                },
              ]),
            )
          : jsonResponse(409, errorBody('ALREADY_CORPORATE', 'Your company is already verified.')),
    });
    renderApp({ path: PAGE, user: trader() });
    const step = await companyStep();
    await user.click(await within(step).findByRole('button', { name: 'Convert to a company account' }));
    const form = within(step).getByRole('form', { name: 'Company details' });
    await user.type(within(form).getByRole('textbox', { name: /^Legal name/ }), 'Acme Trading');
    await user.type(within(form).getByLabelText(/^Registration number/), 'B-1234');
    await user.click(within(form).getByRole('combobox', { name: /^Country of registration/ }));
    await user.click(await screen.findByRole('option', { name: 'Nigeria' }));
    const submit = within(form).getByRole('button', { name: 'Convert to a company account' });
    await user.click(submit);
    expect(
      await within(form).findByText(
        'Enter the number as registered: 3 to 40 letters, digits, spaces, . / -.',
      ),
    ).toBeVisible();
    await user.click(submit);
    expect(await within(form).findByText('Your company is already verified.')).toBeVisible();
  }, 30_000);

  it('should ask before making the account personal again, and send nothing on cancel', async () => {
    const user = userEvent.setup();
    let current = trader({ corporateAccount: account(), isCorporateAccount: true });
    const fake = withServer({
      ...verificationRoutes({ requests: () => [companyRequest()] }),
      'GET /rest/v1/users/current_user': () => jsonResponse(200, { data: current }),
      'POST /rest/v1/users/corporate-accounts/convert-to-personal': () => {
        current = trader();
        return jsonResponse(200, { data: { redirect: null, corporateAccount: null } });
      },
    });
    renderApp({ path: PAGE, user: current });
    const step = await companyStep();
    const posted = () => fake.requests.filter((r) => r.url.endsWith('/convert-to-personal')).length;

    await user.click(await within(step).findByRole('button', { name: 'Make this a personal account again' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make this a personal account again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted()).toBe(0);

    await user.click(within(step).getByRole('button', { name: 'Make this a personal account again' }));
    dialog = await screen.findByRole('dialog', { name: 'Make this a personal account again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make it personal' }));
    expect(await within(step).findByTestId('corporate-converted')).toHaveTextContent(
      'Your account is a personal account again.',
    );
    expect(within(step).queryByRole('link', { name: 'Go now' })).toBeNull();
    expect(posted()).toBe(1);
    expect(await within(step).findByRole('button', { name: 'Convert to a company account' })).toBeVisible();
  }, 30_000);

  it('should remind a company of its papers elsewhere until the owner puts it off for a week', async () => {
    const user = userEvent.setup();
    let current = trader({ corporateAccount: account(), isCorporateAccount: true });
    withServer({
      'GET /rest/v1/users/current_user': () => jsonResponse(200, { data: current }),
      'POST /rest/v1/users/postpone-company-verification': () => {
        const postponed = account({ postponedUntil: '2099-01-08T10:00:00.000Z' });
        current = trader({ corporateAccount: postponed, isCorporateAccount: true });
        return jsonResponse(200, { data: postponed });
      },
      'GET /rest/v1/users/settings': () => jsonResponse(200, { data: {} }),
    });
    renderApp({ path: '/user/settings', user: current });
    const banner = await screen.findByTestId('kyc-company-banner', {}, PAGE_LOAD);
    expect(within(banner).getByRole('link', { name: 'Finish the company verification' })).toHaveAttribute(
      'href',
      '/account/verification#kyc-company-title',
    );
    await user.click(within(banner).getByRole('button', { name: 'Remind me in a week' }));
    await waitFor(() => expect(screen.queryByTestId('kyc-company-banner')).toBeNull());
  }, 30_000);
});

describe('VerificationPage: an identity service checks IDs', () => {
  const assign = vi.fn();
  beforeEach(() => {
    FakeSocket.reset();
    setCsrfToken('csrf-token');
    assign.mockReset();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    realtimeClient.disconnect();
    vi.unstubAllGlobals();
  });

  it('should send the trader to the service instead of the form, and say when it is not answering', async () => {
    const user = userEvent.setup();
    let calls = 0;
    withServer({
      ...verificationRoutes({ provider: 'sumsub' }),
      'POST /rest/v3/kyc/verifications/sumsub/start': () =>
        ++calls === 1
          ? jsonResponse(502, errorBody('PROVIDER_UNAVAILABLE', 'The identity service did not answer.'))
          : jsonResponse(201, {
              data: {
                verificationReference: 'A'.repeat(24),
                url: 'https://in.sumsub.com/websdk/p/abc',
                request: buildRequest({ details: {}, documents: [] }),
              },
            }),
    });
    renderApp({ path: PAGE, user: trader() });
    const idStep = await screen.findByRole(
      'region',
      { name: 'Step 1: identity document and selfie' },
      PAGE_LOAD,
    );
    const start = await within(idStep).findByRole('button', { name: 'Verify with our identity partner' });
    expect(within(idStep).queryByRole('form', { name: 'Identity document' })).toBeNull();
    await user.click(start);
    expect(
      await within(idStep).findByText('Our identity partner is not answering. Try again in a few minutes.'),
    ).toBeVisible();
    expect(assign).not.toHaveBeenCalled();
    await user.click(start);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://in.sumsub.com/websdk/p/abc'));
  }, 30_000);

  it('should tell the server once that the trader is back, and take the reference out of the address', async () => {
    const reference = 'Zr4'.repeat(8);
    const fake = withServer({
      ...verificationRoutes({
        provider: 'sumsub',
        requests: () => [buildRequest({ details: {}, documents: [], inReview: true })],
      }),
      'POST /rest/v3/kyc/verifications/sumsub/mark-pending': () =>
        jsonResponse(200, { data: buildRequest({ details: {}, documents: [], inReview: true }) }),
    });
    const { router } = renderApp({ path: `${PAGE}?provider=sumsub&reference=${reference}`, user: trader() });
    const idStep = await screen.findByRole(
      'region',
      { name: 'Step 1: identity document and selfie' },
      PAGE_LOAD,
    );
    expect(await within(idStep).findByTestId('provider-returned')).toHaveTextContent(
      'Our identity partner is checking your documents',
    );
    expect(await within(idStep).findByTestId('request-status')).toHaveTextContent('In review');
    const marks = fake.requests.filter((r) => r.url.endsWith('/mark-pending'));
    expect(marks).toHaveLength(1);
    expect(marks[0]?.body).toEqual({ verificationReference: reference });
    expect(router.state.location.search).toBe('');
  }, 30_000);
});
