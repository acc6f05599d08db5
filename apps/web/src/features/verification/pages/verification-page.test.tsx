import type { VerificationRequest } from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '@/shared/api';
import { realtimeClient } from '@/shared/realtime';
import { FakeSocket } from '@/shared/realtime/fake-socket';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import {
  buildDocument,
  buildLevelsInfo,
  buildLimitations,
  buildRequest,
  verificationRoutes,
} from '../testing/kyc-fixtures';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };
const PAGE = '/account/verification';

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const trader = (overrides: Parameters<typeof buildCurrentUser>[0] = {}) =>
  buildCurrentUser({
    username: 'ana',
    kycLevelCheck: {
      level: 1,
      levelId: 'L1',
      unusedTradingVolumeInFiatCurrency: '5000.00',
      fiatCurrencyCode: 'USD',
    },
    ...overrides,
  });

/** The files the fake fetch received as multipart bodies, with their `side`. */
const uploads = (fake: ReturnType<typeof createFakeFetch>) =>
  fake.fetch.mock.calls
    .map(([, init]) => init?.body)
    .filter((body): body is FormData => body instanceof FormData)
    .map((form) => ({ side: form.get('side'), file: form.get('file') as File }));

describe('VerificationPage', () => {
  beforeEach(() => {
    FakeSocket.reset();
    setCsrfToken('csrf-token');
    // jsdom has no object URLs; the upload preview needs one.
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    realtimeClient.disconnect();
  });

  it('should show my level, what I proved, what the next level needs and gives, every level and my usage', async () => {
    withServer(verificationRoutes());
    renderApp({ path: PAGE, user: trader() });
    expect(
      await screen.findByRole('heading', { name: 'Verification', level: 1 }, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('current-level')).toHaveTextContent('L1');

    const proven = screen.getByRole('list', { name: 'What you have verified' });
    const email = within(proven).getByTestId('requirement-email');
    expect(email).toHaveAttribute('data-met', 'true');
    expect(email).toHaveTextContent('E-mail addressDone');
    const phone = within(proven).getByTestId('requirement-phone');
    expect(phone).toHaveAttribute('data-met', 'false');
    expect(within(phone).getByRole('link', { name: 'Add your phone' })).toHaveAttribute(
      'href',
      '/user/security',
    );
    expect(within(proven).getByTestId('requirement-id_document')).toHaveTextContent('ID documentNot yet');

    const next = screen.getByTestId('next-level');
    expect(within(next).getByRole('heading', { name: 'Next level: L1+' })).toBeInTheDocument();
    const needs = within(next).getByRole('list', { name: 'What level L1+ needs' });
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['E-mail addressDone', 'Phone numberNot yet']);
    expect(within(next).getByTestId('limit-perTrade')).toHaveTextContent('$10,000');
    expect(within(next).getByTestId('limit-active')).toHaveTextContent('3');

    // Every level as a card, mine marked; null limits read "No limit".
    const cards = within(
      screen.getByRole('list', { name: 'Verification levels and their limits' }),
    ).getAllByTestId('level-card');
    expect(cards.map((card) => card.getAttribute('data-level'))).toEqual([
      'L0',
      'L1',
      'L1+',
      'L2',
      'L2+POA',
      'L3',
      'L4',
    ]);
    expect(cards[1]).toHaveAttribute('data-current', 'true');
    expect(within(cards[1]!).getByText('Your level')).toBeInTheDocument();
    expect(
      within(cards[3]!).getByText(
        'Needs: E-mail address, Phone number, ID document, Selfie with your document',
      ),
    ).toBeInTheDocument();
    expect(within(cards[3]!).getByTestId('limit-active')).toHaveTextContent('No limit');
    expect(within(cards[4]!).getByTestId('limit-lifetime')).toHaveTextContent('No limit');
    expect(within(cards[6]!).getByTestId('limit-perTrade')).toHaveTextContent('No limit');

    // What I used of my limits, as bars with what is left.
    expect(screen.getByTestId('usage-per-trade')).toHaveTextContent(
      'A single trade can be worth up to $5,000.',
    );
    const lifetime = screen.getByTestId('usage-lifetime');
    expect(lifetime).toHaveTextContent('$45,000 of $50,000');
    expect(lifetime).toHaveTextContent('$5,000 left');
    expect(
      within(lifetime).getByRole('progressbar', { name: 'Trading volume in all: used' }),
    ).toHaveAttribute('aria-valuenow', '90');
    expect(screen.getByTestId('usage-active')).toHaveTextContent('1 of 2');
    expect(screen.getByTestId('usage-withdrawal')).toHaveTextContent('Sent out in the last 24 hours');
  }, 30_000);

  it('should say the top level has nothing left to verify, and usage without limits, in Spanish', async () => {
    withServer(
      verificationRoutes({
        levels: () =>
          buildLevelsInfo('L4', ['email', 'phone', 'id_document', 'selfie', 'address', 'video', 'company']),
        limitations: () =>
          buildLimitations({
            level: 'L4',
            trade: {
              perTradeUsd: null,
              daily: { limitUsd: null, usedUsd: '120.5', leftUsd: null },
              lifetime: { limitUsd: null, usedUsd: '9000', leftUsd: null },
              maxActiveTrades: null,
              activeTrades: 0,
            },
          }),
      }),
    );
    renderApp({ path: `/es${PAGE}`, user: trader({ isIdVerified: true, isAddressVerified: true }) });
    expect(
      await screen.findByRole('heading', { name: 'Verificación', level: 1 }, PAGE_LOAD),
    ).toBeInTheDocument();
    const next = await screen.findByTestId('next-level');
    expect(next).toHaveTextContent('Estás en el nivel más alto');
    expect(screen.getByTestId('usage-per-trade')).toHaveTextContent(
      'Cada operación puede ser de cualquier importe.',
    );
    expect(screen.getByTestId('usage-daily')).toHaveTextContent('120,50 US$ usado · sin límite');
    expect(screen.queryByRole('progressbar', { name: /Operaciones de las últimas 24 horas/ })).toBeNull();
    expect(screen.getByTestId('id-verified')).toHaveTextContent('Tu identidad está verificada.');
  }, 30_000);

  it('should check the ID form as the user types, and put the server refusals on the fields or above the button', async () => {
    const user = userEvent.setup();
    let answer: 'field' | 'attempts' | 'ok' = 'field';
    let requests: VerificationRequest[] = [];
    const fake = withServer({
      ...verificationRoutes({ requests: () => requests }),
      'POST /account/verification/start/id': () => {
        if (answer === 'field') {
          return jsonResponse(
            422,
            errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
              {
                field: 'document_type',
                message: 'This document is not accepted from this country',
                code: 'document_not_accepted',
              },
            ]),
          );
        }
        if (answer === 'attempts') {
          return jsonResponse(
            429,
            errorBody('VERIFICATION_ATTEMPTS_EXCEEDED', 'You have used your 5 attempts of the last 30 days.'),
          );
        }
        requests = [buildRequest()];
        return jsonResponse(201, { data: requests[0] });
      },
    });
    renderApp({ path: PAGE, user: trader() });
    const form = await screen.findByRole('form', { name: 'Identity document' }, PAGE_LOAD);

    // Checked as the user leaves a field and types: an empty name says what to do, bad characters why.
    const first = within(form).getByLabelText(/^First name/);
    await user.click(first);
    await user.tab();
    expect(
      await within(form).findByText('Enter your first name as it is on the document.'),
    ).toBeInTheDocument();
    await user.type(first, 'Ana3');
    expect(
      await within(form).findByText('Use only letters, spaces, hyphens, apostrophes and dots.'),
    ).toBeInTheDocument();
    await user.clear(first);
    await user.type(first, 'Ana');
    await waitFor(() => expect(within(form).queryByText(/Use only letters/)).toBeNull());

    // Submitting with the rest empty marks every required field; nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Continue to the photos' }));
    expect(await within(form).findByText('Choose the country.')).toBeInTheDocument();
    expect(within(form).getByText('Choose the kind of document.')).toBeInTheDocument();
    expect(within(form).getByText('Enter your last name as it is on the document.')).toBeInTheDocument();
    expect(
      within(form).getByText('Enter the number as printed: 3 to 40 letters, digits, spaces or hyphens.'),
    ).toBeInTheDocument();
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false);

    // The document types follow the chosen country.
    const documentType = within(form).getByRole('combobox', { name: /^Document type/ });
    expect(documentType).toBeDisabled();
    await user.click(within(form).getByRole('combobox', { name: /^Issuing country/ }));
    await user.click(await screen.findByRole('option', { name: 'United States' }));
    await waitFor(() => expect(documentType).toBeEnabled());
    await user.click(documentType);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Passport', 'Driving licence', 'Residence permit']);
    await user.click(options[0]!);
    await user.type(within(form).getByLabelText(/^Last name/), 'García');
    await user.type(within(form).getByLabelText(/^Document number/), 'x1234567');

    // The server's field refusal lands on its field, in words.
    await user.click(within(form).getByRole('button', { name: 'Continue to the photos' }));
    const refusal = await within(form).findByText('This document is not accepted from this country.');
    expect(refusal.closest('.mantine-InputWrapper-root')).toContainElement(documentType);

    // Attempts used up: said above the button.
    answer = 'attempts';
    await user.click(within(form).getByRole('button', { name: 'Continue to the photos' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You have used all your attempts for now.',
    );

    // Accepted: the contract's output is sent (number upper-cased) and the photos are asked for.
    answer = 'ok';
    await user.click(within(form).getByRole('button', { name: 'Continue to the photos' }));
    expect(await screen.findByRole('list', { name: 'Documents to upload' })).toBeInTheDocument();
    expect(screen.getByTestId('request-status')).toHaveTextContent('Waiting for your documents');
    expect(fake.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      issue_country_iso3: 'USA',
      document_type: 'passport',
      first_name_original: 'Ana',
      middle_name_original: '',
      last_name_original: 'García',
      document_number: 'X1234567',
    });
  }, 45_000);

  it('should show each document with its status, preview and reason, and upload one again', async () => {
    const user = userEvent.setup();
    let request = buildRequest({
      documents: [
        buildDocument({
          id: 1,
          side: 'front',
          status: 'uploaded',
          uploadedAt: '2026-03-01T10:05:00.000Z',
          url: '/rest/v1/verification/requests/7/documents/1',
          mime: 'image/png',
        }),
        buildDocument({
          id: 2,
          side: 'back',
          status: 'corrupted',
          reason: 'The image is damaged or incomplete.',
        }),
        buildDocument({ id: 3, side: 'selfie', status: 'rejected', reason: 'Your face is not visible.' }),
      ],
      details: { ...buildRequest().details, document_type: 'id_card' },
    });
    let refuse = true;
    const fake = withServer({
      ...verificationRoutes({ requests: () => [request] }),
      'POST /rest/v1/verification/requests/7/documents': () => {
        if (refuse) {
          request = {
            ...request,
            documents: request.documents.map((d) =>
              d.side === 'selfie'
                ? {
                    ...d,
                    status: 'corrupted',
                    reason: 'Only JPEG, PNG and WebP images and PDF documents can be attached.',
                  }
                : d,
            ),
          };
          return jsonResponse(
            422,
            errorBody(
              'DOCUMENT_REFUSED',
              'Only JPEG, PNG and WebP images and PDF documents can be attached.',
              [
                {
                  field: 'file',
                  message: 'Only JPEG, PNG and WebP images and PDF documents can be attached.',
                  code: 'attachment_type_unsupported',
                },
              ],
            ),
          );
        }
        request = {
          ...request,
          documents: request.documents.map((d) =>
            d.side === 'selfie'
              ? {
                  ...d,
                  status: 'uploaded',
                  reason: null,
                  uploadedAt: '2026-03-01T11:00:00.000Z',
                  url: '/rest/v1/verification/requests/7/documents/3',
                  mime: 'image/jpeg',
                }
              : d,
          ),
        };
        return jsonResponse(200, { data: request });
      },
    });
    renderApp({ path: PAGE, user: trader() });

    const front = await screen.findByTestId('document-front', {}, PAGE_LOAD);
    expect(within(front).getByTestId('document-status')).toHaveTextContent('Uploaded');
    expect(within(front).getByRole('img', { name: 'Front of the document as uploaded' })).toHaveAttribute(
      'src',
      '/rest/v1/verification/requests/7/documents/1?v=2026-03-01T10%3A05%3A00.000Z',
    );
    const back = screen.getByTestId('document-back');
    expect(within(back).getByTestId('document-status')).toHaveTextContent('Cannot be used');
    expect(back).toHaveTextContent('The picture is damaged or incomplete.');
    const selfie = screen.getByTestId('document-selfie');
    expect(within(selfie).getByTestId('document-status')).toHaveTextContent('New one needed');
    expect(selfie).toHaveTextContent('Our reviewer asks for a new one: Your face is not visible.');

    // A refused file: the reason in words, and the status the server now keeps.
    const input = within(selfie).getByTestId('document-input-selfie') as HTMLInputElement;
    const photo = new File(['not really a picture'], 'me.jpg', { type: 'image/jpeg' });
    await user.upload(input, photo);
    expect(await within(screen.getByTestId('document-selfie')).findByRole('alert')).toHaveTextContent(
      'Use a JPEG, PNG or WebP picture, or a PDF for a proof of address.',
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('document-selfie')).getByTestId('document-status')).toHaveTextContent(
        'Cannot be used',
      ),
    );

    refuse = false;
    await user.click(
      within(screen.getByTestId('document-selfie')).getByRole('button', {
        name: 'Upload again: Selfie with the document',
      }),
    );
    await user.upload(
      within(screen.getByTestId('document-selfie')).getByTestId('document-input-selfie'),
      photo,
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('document-selfie')).getByTestId('document-status')).toHaveTextContent(
        'Uploaded',
      ),
    );
    expect(within(screen.getByTestId('document-selfie')).getByRole('img')).toHaveAttribute(
      'src',
      '/rest/v1/verification/requests/7/documents/3?v=2026-03-01T11%3A00%3A00.000Z',
    );
    const sent = uploads(fake);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.side).toBe('selfie');
    expect(sent[1]?.file.name).toBe('me.jpg');
  }, 45_000);

  it('should show a request in review read-only, and a denial with the reviewer reason above a new form', async () => {
    let requests = [
      buildRequest({
        inReview: true,
        submittedAt: '2026-03-01T10:10:00.000Z',
        documents: [
          buildDocument({
            side: 'front',
            status: 'uploaded',
            url: '/f',
            mime: 'image/png',
            uploadedAt: '2026-03-01T10:05:00.000Z',
          }),
          buildDocument({
            side: 'selfie',
            status: 'uploaded',
            url: '/s',
            mime: 'image/png',
            uploadedAt: '2026-03-01T10:10:00.000Z',
          }),
        ],
      }),
    ];
    withServer(verificationRoutes({ requests: () => requests }));
    const { queryClient } = renderApp({ path: PAGE, user: trader() });
    const idStep = await screen.findByRole(
      'region',
      { name: 'Step 1: identity document and selfie' },
      PAGE_LOAD,
    );
    expect(await within(idStep).findByTestId('request-status')).toHaveTextContent('In review');
    expect(within(idStep).getByTestId('request-details')).toHaveTextContent('Document number•••• 5678');
    expect(within(idStep).queryByRole('button', { name: /Upload/ })).toBeNull();
    expect(within(idStep).queryByRole('form')).toBeNull();

    requests = [
      buildRequest({
        status: 'denied',
        decidedAt: '2026-03-02T09:00:00.000Z',
        reason: 'The photo is blurred.',
      }),
    ];
    await act(() => queryClient.invalidateQueries({ queryKey: ['kyc'] }));
    await waitFor(() => expect(within(idStep).getByTestId('request-status')).toHaveTextContent('Denied'));
    expect(within(idStep).getByText('The photo is blurred.')).toBeInTheDocument();
    expect(within(idStep).getByRole('form', { name: 'Identity document' })).toBeInTheDocument();
    expect(within(idStep).getByTestId('attempts-left')).toHaveTextContent(
      '5 attempts left of 5 every 30 days.',
    );
  }, 30_000);

  it('should ask each step its attempts left (left-attempt) and hold the form back when none is', async () => {
    const fake = withServer({
      ...verificationRoutes(),
      // The requests' own copy says 5 left: the step shows what `/left-attempt/id` says.
      'GET /rest/v1/verification/left-attempt/id': () =>
        jsonResponse(200, {
          data: {
            type: 'id',
            attemptsLeft: 0,
            maxAttempts: 5,
            windowDays: 30,
            nextAttemptAt: '2026-04-01T10:00:00.000Z',
          },
        }),
    });
    renderApp({ path: PAGE, user: trader() });
    const idStep = await screen.findByRole(
      'region',
      { name: 'Step 1: identity document and selfie' },
      PAGE_LOAD,
    );
    expect(await within(idStep).findByTestId('attempts-exhausted')).toHaveTextContent(
      'You have used your 5 attempts of the last 30 days. You can try again from',
    );
    expect(fake.requests.some((r) => r.url === '/rest/v1/verification/left-attempt/id')).toBe(true);
    expect(within(idStep).queryByRole('form', { name: 'Identity document' })).toBeNull();
  }, 30_000);

  it('should keep the date of birth with the steps: the form before, the date after', async () => {
    withServer({
      ...verificationRoutes(),
      'GET /rest/v1/users/birth-date': () =>
        jsonResponse(200, { data: { birthDate: '1990-06-15', confirmedAt: '2026-01-01T00:00:00.000Z' } }),
    });
    renderApp({ path: PAGE, user: trader() });
    const section = await screen.findByRole('region', { name: 'Date of birth' }, PAGE_LOAD);
    expect(await within(section).findByTestId('birth-date-confirmed')).toHaveTextContent(
      'Date of birth confirmed: June 15, 1990.',
    );
  }, 30_000);

  it('should read the requests, the level and the current user again on verification.updated', async () => {
    const fake = withServer({
      ...verificationRoutes(),
      'GET /rest/v1/users/current_user': () => jsonResponse(200, { data: trader({ isIdVerified: true }) }),
    });
    renderApp({ path: PAGE, user: trader() });
    await screen.findByTestId('current-level', {}, PAGE_LOAD);
    const count = (url: string) => fake.requests.filter((r) => r.url.startsWith(url)).length;
    const before = {
      requests: count('/rest/v1/verification/requests'),
      levels: count('/rest/v1/limits/levels-info'),
    };
    await waitFor(() => expect(FakeSocket.latest()).toBeDefined());
    const socket = FakeSocket.latest()!;
    act(() => socket.accept());
    act(() =>
      socket.push({ type: 'verification.updated', data: { requestId: 7, type: 'id', status: 'approved' } }),
    );
    await waitFor(() => expect(count('/rest/v1/verification/requests')).toBeGreaterThan(before.requests));
    await waitFor(() => expect(count('/rest/v1/limits/levels-info')).toBeGreaterThan(before.levels));
    await waitFor(() => expect(count('/rest/v1/users/current_user')).toBeGreaterThan(0));
    expect(await screen.findByTestId('id-verified')).toBeInTheDocument();
  }, 30_000);

  it('should erase the documents only after the confirmation, and say when each goes', async () => {
    const user = userEvent.setup();
    const fake = withServer({
      ...verificationRoutes({
        requests: () => [buildRequest({ id: 9, status: 'approved', decidedAt: '2026-03-02T09:00:00.000Z' })],
      }),
      'POST /rest/v1/verification/documents/erase': () =>
        jsonResponse(200, {
          data: {
            retentionDays: 1825,
            requests: [{ id: 9, eraseAfter: '2031-03-01T09:00:00.000Z' }],
            erasedNow: 0,
          },
        }),
    });
    renderApp({ path: PAGE, user: trader() });
    await user.click(await screen.findByRole('button', { name: 'Erase my documents' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Erase your verification documents?' });
    expect(dialog).toHaveTextContent('This cannot be undone');
    expect(fake.requests.some((r) => r.url.endsWith('/erase'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, erase them' }));
    const result = await screen.findByTestId('erasure-result');
    expect(result).toHaveTextContent('We keep documents for 1825 days after each decision.');
    expect(result).toHaveTextContent('Files erased now: 0.');
    expect(result).toHaveTextContent('ID verification of Mar 1, 2026: erased on Mar 1, 2031');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 30_000);

  it('should keep the video call closed until the ID is verified, and check the link', async () => {
    const user = userEvent.setup();
    withServer({
      ...verificationRoutes(),
      'POST /account/verification/video/upload': () =>
        jsonResponse(201, {
          data: buildRequest({
            id: 11,
            type: 'video',
            inReview: true,
            submittedAt: '2026-03-01T10:00:00.000Z',
            details: { url: 'https://video.example/call' },
            documents: [],
          }),
        }),
      'GET /rest/v1/users/current_user': () =>
        jsonResponse(200, { data: trader({ isIdVerified: true, isVideoVerifiedPending: true }) }),
    });
    const view = renderApp({ path: PAGE, user: trader() });
    const video = await screen.findByRole('region', { name: 'Step 3: video call' }, PAGE_LOAD);
    expect(await within(video).findByTestId('video-locked')).toBeInTheDocument();
    expect(within(video).getByLabelText(/^Link to the recording/)).toBeDisabled();

    act(() => {
      view.queryClient.setQueryData(['currentUser'], trader({ isIdVerified: true }));
    });
    const link = await within(video).findByLabelText(/^Link to the recording/);
    await waitFor(() => expect(link).toBeEnabled());
    await user.type(link, 'http://video.example/call');
    await user.tab();
    expect(
      await within(video).findByText('Use a secure link that starts with https://.'),
    ).toBeInTheDocument();
    await user.clear(link);
    await user.type(link, 'https://video.example/call');
    await user.click(within(video).getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(within(video).getByTestId('video-state')).toHaveTextContent('In review'));
  }, 30_000);
});

describe('KYC banners and the account menu', () => {
  beforeEach(() => FakeSocket.reset());
  afterEach(() => realtimeClient.disconnect());

  it('should show the level in the account menu, linking to the verification page', async () => {
    const user = userEvent.setup();
    withServer({});
    renderApp({
      path: '/es/contacts-none',
      user: trader({
        kycLevelCheck: {
          level: 1.5,
          levelId: 'L1+',
          unusedTradingVolumeInFiatCurrency: '1',
          fiatCurrencyCode: 'USD',
        },
      }),
    });
    const desktop = await screen.findByTestId('navbar-desktop');
    await user.click(within(desktop).getByRole('button', { name: 'Menú de la cuenta de ana' }));
    const item = await screen.findByRole('menuitem', { name: /Verificación/ });
    expect(item).toHaveAttribute('href', '/es/account/verification');
    expect(within(item).getByTestId('navbar-kyc-level')).toHaveTextContent('Nivel L1+');
  });

  it('should ask to verify when the level volume is used up, and to join the video call when staff require it', async () => {
    withServer({});
    renderApp({ path: '/no-such-page', user: trader({ kycIdRequired: true, isVideoVerifiedForced: true }) });
    const banner = await screen.findByTestId('kyc-id-required-banner');
    expect(banner).toHaveTextContent('You have used up the trading volume of your verification level (L1).');
    expect(within(banner).getByRole('link', { name: 'Raise my level' })).toHaveAttribute(
      'href',
      '/account/verification',
    );
    const forced = screen.getByTestId('kyc-forced-alert');
    expect(within(forced).getByRole('link', { name: 'Start the video verification' })).toHaveAttribute(
      'href',
      '/account/verification#kyc-video-title',
    );
  });
});
