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
  buildAttachment,
  buildMessage,
  buildTrade,
  feedbackState,
  HASH,
  NOW,
  tradeRoutes,
} from '../testing/trade-fixtures';

/** The page is a lazy chunk: its first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const buyer = () => buildCurrentUser({ username: 'bob' });
const seller = () => buildCurrentUser({ username: 'sally' });

async function openPage(user = buyer()) {
  const view = renderApp({ path: `/trade/${HASH}`, user });
  await screen.findByTestId('trade-status', {}, PAGE_LOAD);
  return view;
}

/** The socket the app opened for the logged-in user, handshake done. */
async function liveSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.latest()).toBeDefined());
  const socket = FakeSocket.latest()!;
  if (socket.readyState !== FakeSocket.OPEN) act(() => socket.accept());
  return socket;
}

const posts = (fake: ReturnType<typeof createFakeFetch>, suffix: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.url.endsWith(suffix));

describe('TradePage', () => {
  beforeEach(() => {
    FakeSocket.reset();
    // Only the clock is fixed (the countdown reads it); timers stay real for the page's own waits.
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterEach(() => {
    realtimeClient.disconnect();
    vi.useRealTimers();
  });

  it('should show the buyer what to pay, to whom, the time left and the counterparty', async () => {
    withServer(tradeRoutes({ trade: () => buildTrade({ isOpponentsSameIp: true }) }));
    await openPage();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Buying BTC from sally');
    expect(screen.getByTestId('trade-status')).toHaveTextContent('Waiting for payment');
    expect(screen.getByTestId('trade-fiat-amount')).toHaveTextContent('95.00 USD');
    expect(screen.getByTestId('trade-crypto-amount')).toHaveTextContent('0.001 BTC');
    expect(screen.getByTestId('payment-details')).toHaveTextContent('IBAN DE89 3704 0044 0532 0130 00');
    expect(screen.getByTestId('trade-countdown')).toHaveTextContent('20:00 left to pay');
    expect(screen.getByTestId('same-ip-warning')).toBeInTheDocument();
    const record = screen.getByTestId('trade-record-links');
    expect(within(record).getByRole('link', { name: 'JSON (verifiable)' })).toHaveAttribute(
      'href',
      `/rest/v1/trade/${HASH}/record`,
    );
    expect(within(record).getByRole('link', { name: 'PDF' })).toHaveAttribute(
      'href',
      `/rest/v1/trade/${HASH}/record?format=pdf`,
    );
    const partner = screen.getByTestId('counterparty');
    expect(within(partner).getByText('Seller')).toBeInTheDocument();
    expect(within(partner).getByRole('link', { name: 'sally' })).toHaveAttribute('href', '/user/sally');
    expect(within(partner).getByText('Online')).toBeInTheDocument();
    // The buyer's buttons only; release is the seller's.
    const actions = screen.getByTestId('trade-actions');
    expect(within(actions).getByRole('button', { name: 'I have paid' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Release crypto' })).not.toBeInTheDocument();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
  });

  it('should show the vendor (a seller here) the buyer as the other party', async () => {
    withServer(
      tradeRoutes({
        trade: () => buildTrade({ role: 'seller', isVendor: true, availableActions: ['release'] }),
      }),
    );
    await openPage(seller());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Selling BTC to bob');
    expect(within(screen.getByTestId('counterparty')).getByText('Buyer')).toBeInTheDocument();
    expect(screen.getByText('Your offer')).toBeInTheDocument();
  });

  it('should let a party leave an automated flow for the regular steps, after asking (fallback)', async () => {
    const lite = buildTrade({
      flow: { ...buildTrade().flow, type: 'lite' },
    });
    let current = lite;
    const fake = withServer(
      tradeRoutes({
        trade: () => current,
        overrides: {
          [`POST /rest/v1/trade/${HASH}/fallback`]: () => {
            current = buildTrade();
            return jsonResponse(200, { data: current });
          },
        },
      }),
    );
    await openPage();
    const user = userEvent.setup();
    const card = screen.getByTestId('flow-fallback');
    expect(card).toHaveTextContent('Lite flow');
    await user.click(within(card).getByRole('button', { name: 'Switch to the regular steps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch this trade to the regular steps?' });
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(posts(fake, '/fallback')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Switch to the regular steps' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Switch this trade to the regular steps?' }),
      ).getByRole('button', { name: 'Switch' }),
    );
    await waitFor(() => expect(screen.queryByTestId('flow-fallback')).not.toBeInTheDocument());
    expect(posts(fake, '/fallback')).toHaveLength(1);
  });

  it("should offer staff no switch of a trade's flow", async () => {
    withServer(
      tradeRoutes({
        trade: () => buildTrade({ role: 'moderator', flow: { ...buildTrade().flow, type: 'lite' } }),
      }),
    );
    await openPage(buildCurrentUser({ username: 'mia', role: 'moderator' }));
    expect(screen.queryByTestId('flow-fallback')).not.toBeInTheDocument();
  });

  it("should make the terms' web addresses links that open apart and are recorded (policy-read)", async () => {
    const fake = withServer(
      tradeRoutes({
        trade: () =>
          buildTrade({
            offer: {
              hash: 'Off3rHash001',
              url: '/offer/Off3rHash001',
              terms: 'Read https://example.com/rules. Then pay.',
            },
          }),
        overrides: {
          [`POST /rest/v1/trade/${HASH}/policy-read`]: (request) =>
            jsonResponse(200, { data: { url: (request.body as { url: string }).url } }),
        },
      }),
    );
    await openPage();
    const terms = screen.getByTestId('offer-terms');
    expect(terms).toHaveTextContent('Read https://example.com/rules. Then pay.');
    const link = within(terms).getByRole('link', { name: 'https://example.com/rules' });
    expect(link).toHaveAttribute('href', 'https://example.com/rules');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.setup().click(link);
    await waitFor(() =>
      expect(posts(fake, '/policy-read').map((r) => r.body)).toEqual([{ url: 'https://example.com/rules' }]),
    );
  });

  it('should mark the trade paid only after the confirmation', async () => {
    let status: 'active_funded' | 'paid' = 'active_funded';
    const fake = withServer(
      tradeRoutes({
        trade: () =>
          buildTrade({ status, availableActions: status === 'paid' ? ['cancel'] : ['mark_paid', 'cancel'] }),
        overrides: {
          [`POST /rest/v1/trade/${HASH}/paid`]: () => {
            status = 'paid';
            return jsonResponse(200, {
              data: buildTrade({ status: 'paid', expiresAt: null, availableActions: ['cancel'] }),
            });
          },
        },
      }),
    );
    await openPage();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the trade as paid?' });
    expect(dialog).toHaveTextContent('95.00 USD with Bank Transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(posts(fake, '/paid')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, I have paid' }),
    );
    await waitFor(() => expect(screen.getByTestId('trade-status')).toHaveTextContent('Paid'));
    expect(posts(fake, '/paid')).toHaveLength(1);
    expect(screen.queryByTestId('trade-countdown')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument();
  });

  it('should ask twice before releasing, and release once', async () => {
    let released = false;
    const state = () =>
      released
        ? buildTrade({
            role: 'seller',
            status: 'released',
            tradeCompleted: true,
            availableActions: [],
            expiresAt: null,
          })
        : buildTrade({ role: 'seller', status: 'paid', availableActions: ['release'] });
    const fake = withServer(
      tradeRoutes({
        trade: state,
        overrides: {
          [`POST /rest/v1/trade/${HASH}/release`]: () => {
            released = true;
            return jsonResponse(200, { data: state() });
          },
        },
      }),
    );
    await openPage(seller());
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Release crypto' }));
    const first = await screen.findByRole('dialog', { name: 'Release the crypto?' });
    expect(first).toHaveTextContent('bob will receive 0.001 BTC');
    await user.click(within(first).getByRole('button', { name: 'Continue' }));
    const second = await screen.findByRole('dialog', { name: 'This cannot be undone' });
    expect(posts(fake, '/release')).toHaveLength(0);
    // Going back from the second question sends nothing either.
    await user.click(within(second).getByRole('button', { name: 'Go back' }));
    expect(posts(fake, '/release')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Release crypto' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'This cannot be undone' })).getByRole('button', {
        name: 'Release now',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('trade-status')).toHaveTextContent('Completed'));
    expect(posts(fake, '/release')).toHaveLength(1);
  });

  it('should show a refused action and keep the page usable', async () => {
    withServer(
      tradeRoutes({
        overrides: {
          [`POST /rest/v1/trade/${HASH}/cancel`]: () =>
            jsonResponse(409, errorBody('TRADE_INVALID_STATUS', 'This trade has ended.')),
        },
      }),
    );
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the trade?' });
    expect(dialog).toHaveTextContent('Do not cancel if you already paid');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the trade' }));
    expect(await screen.findByTestId('action-error')).toHaveTextContent('This trade has ended.');
  });

  it('should open a dispute with a reason, and put server field errors on their fields', async () => {
    let attempts = 0;
    let disputed = false;
    const state = () =>
      disputed
        ? buildTrade({
            status: 'dispute_open',
            availableActions: [],
            expiresAt: null,
            dispute: {
              available: false,
              availableAt: null,
              isOpen: true,
              reasonId: 2,
              reasonText: 'No release',
              openedBy: 'buyer',
              openedAt: { timestamp: Math.floor(NOW / 1000), humanReadable: 'now' },
              moderator: null,
              decision: null,
              appeal: { status: 'not_available', closesAt: null, outcome: null },
              hold: null,
            },
          })
        : buildTrade({ status: 'paid', expiresAt: null, availableActions: ['open_dispute', 'cancel'] });
    const fake = withServer(
      tradeRoutes({
        trade: state,
        overrides: {
          [`POST /rest/v1/trade/${HASH}/dispute`]: () => {
            attempts += 1;
            if (attempts === 1) {
              return jsonResponse(
                422,
                errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
                  {
                    field: 'dispute_reason_text',
                    message: 'Tell the moderator what happened',
                    code: 'required',
                  },
                ]),
              );
            }
            disputed = true;
            return jsonResponse(200, { data: state() });
          },
        },
      }),
    );
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open a dispute' }));
    const modal = await screen.findByTestId('dispute-modal');
    await user.click(within(modal).getByRole('button', { name: 'Open the dispute' }));
    expect(within(modal).getByText('Choose a reason')).toBeInTheDocument();
    expect(posts(fake, '/dispute')).toHaveLength(0);

    await user.click(
      await within(modal).findByRole('radio', { name: 'I paid but the seller does not release' }),
    );
    await user.click(within(modal).getByRole('button', { name: 'Open the dispute' }));
    expect(await within(modal).findByText('Tell the moderator what happened')).toBeInTheDocument();
    expect(posts(fake, '/dispute')[0]!.body).toEqual({ dispute_reason_id: 2, dispute_reason_text: '' });

    await user.type(within(modal).getByRole('textbox', { name: 'What happened' }), 'No release');
    await user.click(within(modal).getByRole('button', { name: 'Open the dispute' }));
    await waitFor(() => expect(screen.getByTestId('trade-status')).toHaveTextContent('In dispute'));
    expect(posts(fake, '/dispute')[1]!.body).toEqual({
      dispute_reason_id: 2,
      dispute_reason_text: 'No release',
    });
    expect(screen.getByTestId('dispute-info')).toHaveTextContent(
      'The buyer opened a dispute. Note: No release',
    );
  });

  it('should show the other party’s status change, message and typing live, without a reload', async () => {
    let status: 'active_funded' | 'cancelled_seller' = 'active_funded';
    const fake = withServer(tradeRoutes({ trade: () => buildTrade({ status }) }));
    await openPage();
    const socket = await liveSocket();

    act(() =>
      socket.push({ type: 'trade.typing', tradeHash: HASH, data: { tradeHash: HASH, username: 'sally' } }),
    );
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('sally is typing…');

    const message = buildMessage({ text: 'Sent you the details' });
    act(() => socket.push({ type: 'trade.message', tradeHash: HASH, data: message }));
    expect(await screen.findByText('Sent you the details')).toBeInTheDocument();
    // The message ends the typing notice.
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('');
    // Events of another trade are not this page's business.
    act(() =>
      socket.push({ type: 'trade.message', tradeHash: 'Other', data: buildMessage({ text: 'elsewhere' }) }),
    );

    status = 'cancelled_seller';
    const before = fake.requests.filter((r) => r.url === `/rest/v1/trade/${HASH}`).length;
    act(() =>
      socket.push({
        type: 'trade.status',
        tradeHash: HASH,
        data: {
          tradeHash: HASH,
          status,
          previousStatus: 'active_funded',
          action: 'cancel',
          at: new Date(NOW).toISOString(),
        },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('trade-status')).toHaveTextContent('Cancelled by the seller'),
    );
    expect(fake.requests.filter((r) => r.url === `/rest/v1/trade/${HASH}`).length).toBeGreaterThan(before);
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
  });

  it('should catch up after a reconnect: the trade again and the messages after the last one seen', async () => {
    const first = buildMessage({ text: 'first' });
    const missed = buildMessage({ text: 'sent while offline' });
    const messages = [first];
    const fake = withServer(tradeRoutes({ messages }));
    await openPage();
    const socket = await liveSocket();
    expect(await screen.findByText('first')).toBeInTheDocument();

    messages.push(missed);
    act(() => socket.drop(1006));
    expect(await screen.findByTestId('realtime-offline')).toBeInTheDocument();
    // The client retries after about a second.
    await waitFor(() => expect(FakeSocket.instances.length).toBe(2), { timeout: 5_000 });
    act(() => FakeSocket.latest()!.accept());

    expect(await screen.findByText('sent while offline')).toBeInTheDocument();
    expect(fake.requests.some((r) => r.url === `/rest/v1/trade/${HASH}/messages?after=${first.id}`)).toBe(
      true,
    );
    expect(screen.queryByTestId('realtime-offline')).not.toBeInTheDocument();
    expect(screen.getAllByText('first')).toHaveLength(1);
  });

  it('should send a message with Enter and tell the other party I am typing', async () => {
    const fake = withServer(
      tradeRoutes({
        overrides: {
          [`POST /rest/v1/trade/${HASH}/messages`]: (request) =>
            jsonResponse(201, {
              data: buildMessage({
                author: { username: 'bob', role: 'buyer' },
                text: (request.body as { text: string }).text,
              }),
            }),
        },
      }),
    );
    await openPage();
    const socket = await liveSocket();
    const user = userEvent.setup();
    const input = screen.getByTestId('chat-input');
    await user.type(input, 'Paying now{Enter}');
    expect(await screen.findByText('Paying now')).toBeInTheDocument();
    expect(posts(fake, '/messages')[0]!.body).toEqual({ text: 'Paying now' });
    expect(input).toHaveValue('');
    expect(socket.sent).toContainEqual({ type: 'typing', tradeHash: HASH });
    expect(screen.getByText('Paying now').closest('[data-mine]')).toHaveAttribute('data-mine', 'true');
  });

  it('should upload a file as multipart and show images inline and PDFs as links', async () => {
    const image = buildAttachment({ id: 7 });
    const pdf = buildAttachment({
      id: 8,
      mimeType: 'application/pdf',
      kind: 'pdf',
      originalName: 'statement.pdf',
      pages: 2,
      url: `/rest/v1/trade/${HASH}/attachments/8`,
    });
    const files = [image, pdf];
    const messages = [
      buildMessage({ kind: 'attachment', attachmentId: 7, text: '' }),
      buildMessage({ kind: 'attachment', attachmentId: 8, text: '' }),
    ];
    let uploaded: FormData | null = null;
    const fake = withServer(
      tradeRoutes({
        messages,
        attachments: files,
        overrides: {
          [`POST /rest/v1/trade/${HASH}/attachments`]: () =>
            jsonResponse(201, { data: buildAttachment({ id: 9, originalName: 'proof.png' }) }),
        },
      }),
    );
    const original = fake.fetch.getMockImplementation()!;
    fake.fetch.mockImplementation(async (input: string, init: RequestInit = {}) => {
      if (init.body instanceof FormData) uploaded = init.body;
      return original(input, { ...init, body: undefined });
    });
    setCsrfToken('csrf-for-upload');
    await openPage();

    const img = await screen.findByTestId('chat-image');
    expect(img).toHaveAttribute('src', image.url);
    expect(img).toHaveAttribute('alt', 'receipt.png');
    const link = screen.getByTestId('chat-file-link');
    expect(link).toHaveAttribute('href', pdf.url);
    expect(link).toHaveTextContent('statement.pdf (2 pages)');

    const user = userEvent.setup();
    const file = new File(['png'], 'proof.png', { type: 'image/png' });
    const input = document.querySelector<HTMLInputElement>('[data-testid="trade-chat"] input[type="file"]')!;
    await user.upload(input, file);
    await waitFor(() => expect(posts(fake, '/attachments')).toHaveLength(1));
    const sent = posts(fake, '/attachments')[0]!;
    expect(sent.headers['x-csrf-token']).toBe('csrf-for-upload');
    expect(sent.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect((uploaded as FormData | null)?.get('file')).toBeInstanceOf(File);
  });

  it('should say why an upload was refused', async () => {
    withServer(
      tradeRoutes({
        overrides: {
          [`POST /rest/v1/trade/${HASH}/attachments`]: () =>
            jsonResponse(
              422,
              errorBody('ERROR_INPUT_VALIDATION', 'The file is too large', [
                { field: 'file', message: 'The file is too large', code: 'attachment_limit_size' },
              ]),
            ),
        },
      }),
    );
    await openPage();
    const user = userEvent.setup();
    const input = document.querySelector<HTMLInputElement>('[data-testid="trade-chat"] input[type="file"]')!;
    await user.upload(input, new File(['x'], 'big.png', { type: 'image/png' }));
    expect(await screen.findByTestId('upload-error')).toHaveTextContent('The file is too large.');
  });

  it('should replace the composer by the reason when the chat is closed', async () => {
    withServer(
      tradeRoutes({
        trade: () =>
          buildTrade({
            status: 'cancelled_buyer',
            availableActions: [],
            expiresAt: null,
            chat: { canPost: false, blockReason: 'ChatBlockedAfterTradeIsCanceled', closesAt: null },
          }),
      }),
    );
    await openPage();
    expect(screen.getByTestId('chat-blocked')).toHaveTextContent(
      'The trade was cancelled, so the chat is closed.',
    );
    expect(screen.queryByTestId('chat-input')).not.toBeInTheDocument();
    expect(screen.queryByTestId('trade-actions')).not.toBeInTheDocument();
  });

  it('should mark a moderator’s message for the parties and word a decided trade’s chat', async () => {
    const closesAt = Math.floor(NOW / 1000) + 3_600;
    let closed = false;
    withServer(
      tradeRoutes({
        trade: () =>
          buildTrade({
            status: 'dispute_won_buyer',
            availableActions: [],
            expiresAt: null,
            dispute: {
              ...buildTrade().dispute,
              openedBy: 'buyer',
              moderator: 'mia',
              decision: {
                outcome: 'buyer',
                reason: 'Paid.',
                at: { timestamp: closesAt - 86_400, humanReadable: '' },
              },
            },
            chat: closed
              ? {
                  canPost: false,
                  blockReason: 'ChatNotAvailableAfterTradeCompleted',
                  closesAt: { timestamp: closesAt, humanReadable: '' },
                }
              : { canPost: true, blockReason: null, closesAt: { timestamp: closesAt, humanReadable: '' } },
          }),
        messages: [
          buildMessage({ author: { username: 'mia', role: 'moderator' }, text: 'The statement shows it.' }),
          buildMessage({ author: { username: 'sally', role: 'seller' }, text: 'Fine.' }),
        ],
      }),
    );
    const view = await openPage();
    const [staff, seller] = await screen.findAllByTestId('chat-message');
    expect(staff).toHaveAttribute('data-staff', 'true');
    expect(staff).toHaveAttribute('data-mine', 'false');
    expect(within(staff!).getByTestId('chat-staff-badge')).toHaveTextContent('Moderator');
    expect(staff).toHaveTextContent('mia');
    expect(seller).toHaveAttribute('data-staff', 'false');
    // Within the grace: open, and until when.
    expect(screen.getByTestId('chat-notice')).toHaveTextContent(
      'The dispute was decided. The chat stays open until',
    );
    // After it: closed, with the right words (never "opens once funded").
    closed = true;
    await act(() => view.queryClient.invalidateQueries());
    await waitFor(() =>
      expect(screen.getByTestId('chat-blocked')).toHaveTextContent(
        'The dispute was decided and the chat closed on',
      ),
    );
    expect(screen.queryByTestId('chat-input')).not.toBeInTheDocument();
  });

  it('should ask for feedback after completion; a negative one needs words', async () => {
    const fake = withServer(
      tradeRoutes({
        trade: () =>
          buildTrade({ status: 'released', tradeCompleted: true, availableActions: [], expiresAt: null }),
        overrides: {
          [`POST /rest/v1/feedback/${HASH}/give`]: () =>
            jsonResponse(200, {
              data: feedbackState({
                canGive: false,
                given: {
                  rating: 'negative',
                  message: 'Slow to answer',
                  reply: null,
                  author: { username: 'bob' },
                  createdAt: new Date(NOW).toISOString(),
                  repliedAt: null,
                },
              }),
            }),
        },
      }),
    );
    await openPage();
    const card = await screen.findByTestId('feedback-card');
    const user = userEvent.setup();
    await user.click(within(card).getByText('Negative'));
    await user.click(within(card).getByRole('button', { name: 'Leave feedback' }));
    expect(await within(card).findByText('Tell the other trader what went wrong')).toBeInTheDocument();
    expect(posts(fake, '/give')).toHaveLength(0);

    await user.type(within(card).getByRole('textbox', { name: 'Comment' }), 'Slow to answer');
    await user.click(within(card).getByRole('button', { name: 'Leave feedback' }));
    expect(await within(card).findByText('Your feedback for sally')).toBeInTheDocument();
    expect(posts(fake, '/give')[0]!.body).toEqual({ rating: 'negative', message: 'Slow to answer' });
  });

  it('should say when the trade does not exist, and offer a retry when loading failed', async () => {
    withServer(
      tradeRoutes({
        overrides: {
          [`GET /rest/v1/trade/${HASH}`]: () => jsonResponse(404, errorBody('NOT_FOUND', 'Not found')),
        },
      }),
    );
    renderApp({ path: `/trade/${HASH}`, user: buyer() });
    expect(await screen.findByText('Trade not found', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('should show the moderator’s decision with its reason in the chat', async () => {
    const reason = 'The bank statement shows the payment.';
    withServer(
      tradeRoutes({
        trade: () => buildTrade({ status: 'dispute_won_buyer', availableActions: [], expiresAt: null }),
        messages: [
          buildMessage({
            kind: 'system',
            author: null,
            text: 'A moderator decided the dispute for the buyer.',
            system: { event: 'status_changed', status: 'dispute_won_buyer' },
          }),
          buildMessage({
            kind: 'system',
            author: null,
            text: reason,
            system: { event: 'dispute_decision', status: 'dispute_won_buyer' },
          }),
        ],
      }),
    );
    await openPage();
    const notices = await screen.findAllByTestId('chat-system-message');
    expect(notices.at(-1)).toHaveTextContent(`Moderator’s decision: ${reason}`);
  });

  it('should offer a retry after a server error', async () => {
    let fail = true;
    withServer(
      tradeRoutes({
        overrides: {
          [`GET /rest/v1/trade/${HASH}`]: () =>
            fail
              ? jsonResponse(500, errorBody('INTERNAL_ERROR', 'boom'))
              : jsonResponse(200, { data: buildTrade() }),
        },
      }),
    );
    renderApp({ path: `/trade/${HASH}`, user: buyer() });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 15_000 });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByTestId('trade-status')).toHaveTextContent('Waiting for payment');
  });

  it('should show the dispute decision and let the losing party appeal it with a reason', async () => {
    const user = userEvent.setup();
    let appealed = false;
    const decided = () =>
      buildTrade({
        role: 'seller',
        status: 'dispute_won_buyer',
        expiresAt: null,
        availableActions: [],
        dispute: {
          available: false,
          availableAt: null,
          isOpen: false,
          reasonId: 2,
          reasonText: 'Paid',
          openedBy: 'buyer',
          openedAt: { timestamp: Math.floor(NOW / 1000) - 3_600, humanReadable: 'an hour ago' },
          moderator: 'mia',
          decision: {
            outcome: 'buyer',
            reason: 'The statement shows it.',
            at: { timestamp: Math.floor(NOW / 1000), humanReadable: 'now' },
          },
          appeal: appealed
            ? { status: 'appealed', closesAt: null, outcome: 'appealed' }
            : {
                status: 'available',
                closesAt: { timestamp: Math.floor(NOW / 1000) + 72 * 3_600, humanReadable: 'in 3 days' },
                outcome: null,
              },
          hold: null,
        },
      });
    const fake = withServer(
      tradeRoutes({
        trade: decided,
        overrides: {
          [`POST /rest/v1/trade/${HASH}/appeal`]: () => {
            appealed = true;
            return jsonResponse(200, { data: decided() });
          },
        },
      }),
    );
    await openPage(seller());
    expect(screen.getByTestId('dispute-decision')).toHaveTextContent('The statement shows it.');
    expect(screen.getByTestId('dispute-moderator')).toHaveTextContent('mia joined the chat');
    await user.click(screen.getByRole('button', { name: 'Appeal the decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal the decision' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the appeal' }));
    expect(within(dialog).getByText('Say why the decision is wrong.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Why is the decision wrong/), 'No money arrived.');
    await user.click(within(dialog).getByRole('button', { name: 'Send the appeal' }));
    await waitFor(() =>
      expect(screen.getByTestId('dispute-appeal')).toHaveTextContent('Waiting for a second moderator.'),
    );
    expect(posts(fake, '/appeal').map((r) => r.body)).toEqual([{ reason: 'No money arrived.' }]);
  });

  it('should tell the winner of a held award when it becomes available, and when it is', async () => {
    const availableAt = Math.floor(NOW / 1000) + 72 * 3_600;
    let status: 'held' | 'released' = 'held';
    withServer(
      tradeRoutes({
        trade: () =>
          buildTrade({
            role: 'buyer',
            status: 'dispute_won_buyer',
            expiresAt: null,
            availableActions: [],
            dispute: {
              available: false,
              availableAt: null,
              isOpen: false,
              reasonId: 2,
              reasonText: 'Paid',
              openedBy: 'buyer',
              openedAt: { timestamp: Math.floor(NOW / 1000) - 3_600, humanReadable: 'an hour ago' },
              moderator: 'mia',
              decision: {
                outcome: 'buyer',
                reason: 'The statement shows it.',
                at: { timestamp: Math.floor(NOW / 1000), humanReadable: 'now' },
              },
              appeal: { status: 'not_available', closesAt: null, outcome: null },
              hold: {
                amount: '0.00021052',
                availableAt: { timestamp: availableAt, humanReadable: 'x' },
                status,
              },
            },
          }),
      }),
    );
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(availableAt * 1000),
    );
    const view = await openPage(buyer());
    expect(screen.getByTestId('award-hold')).toHaveTextContent(
      `0.00021052 BTC is held for you until ${date}, while the decision can be appealed.`,
    );
    view.unmount();
    // Once released, in Spanish: the award is in the wallet.
    status = 'released';
    renderApp({ path: `/es/trade/${HASH}`, user: buyer() });
    expect(await screen.findByTestId('award-hold', {}, PAGE_LOAD)).toHaveTextContent(
      '0,00021052 BTC está disponible en tu billetera.',
    );
  });
});
