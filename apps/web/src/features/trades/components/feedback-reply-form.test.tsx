import type { TradeFeedback, TradeFeedbackState } from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtimeClient } from '@/shared/realtime';
import { FakeSocket } from '@/shared/realtime/fake-socket';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { buildTrade, feedbackState, HASH, NOW, tradeRoutes } from '../testing/trade-fixtures';

const PAGE_LOAD = { timeout: 15_000 };

const fromSally = (reply: string | null = null): TradeFeedback => ({
  rating: 'positive',
  message: 'Quick payment, thanks',
  reply,
  author: { username: 'sally' },
  createdAt: new Date(NOW).toISOString(),
  repliedAt: reply ? new Date(NOW).toISOString() : null,
});

/** Sally rated me (bob, the buyer) and I have not answered yet. */
const awaitingReply = (): TradeFeedbackState =>
  feedbackState({ canGive: false, received: fromSally(), canReply: true });
const replied = (reply: string): TradeFeedbackState =>
  feedbackState({ canGive: false, received: fromSally(reply), canReply: false });

function withServer(feedback: () => TradeFeedbackState, reply: FakeHandler) {
  const fake = createFakeFetch(
    tradeRoutes({
      trade: () =>
        buildTrade({ status: 'released', tradeCompleted: true, availableActions: [], expiresAt: null }),
      overrides: {
        [`GET /rest/v1/feedback/${HASH}`]: () => jsonResponse(200, { data: feedback() }),
        [`POST /rest/v1/feedback/${HASH}/reply`]: reply,
      },
    }),
  );
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const replies = (fake: ReturnType<typeof createFakeFetch>) =>
  fake.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/reply'));

async function openCard() {
  renderApp({ path: `/trade/${HASH}`, user: buildCurrentUser({ username: 'bob' }) });
  return screen.findByTestId('feedback-card', {}, PAGE_LOAD);
}

describe('FeedbackReplyForm (trade page)', () => {
  beforeEach(() => FakeSocket.reset());
  afterEach(() => realtimeClient.disconnect());

  it('should show the feedback I received, refuse an empty reply, save mine once and show it', async () => {
    let release: (() => void) | undefined;
    const fake = withServer(awaitingReply, async (request) => {
      // Held until the test has seen the loading state.
      await new Promise<void>((resolve) => (release = resolve));
      const { message } = request.body as { message: string };
      return jsonResponse(200, { data: replied(message.trim()) });
    });
    const card = await openCard();
    expect(await within(card).findByText("sally's feedback for you")).toBeInTheDocument();
    expect(within(card).getByText('Quick payment, thanks')).toBeInTheDocument();
    const user = userEvent.setup();
    const field = within(card).getByRole('textbox', { name: 'Your reply to sally' });

    // Blank (spaces only) is no reply: the contract's rule, said before sending.
    await user.type(field, '   ');
    await user.click(within(card).getByRole('button', { name: 'Post reply' }));
    expect(await within(card).findByText('Write a reply')).toBeInTheDocument();
    expect(replies(fake)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '  Thank you, pleasure trading  ');
    await user.click(within(card).getByRole('button', { name: 'Post reply' }));
    await waitFor(() =>
      expect(within(card).getByTestId('feedback-reply-submit')).toHaveAttribute('data-loading'),
    );
    expect(replies(fake)[0]!.body).toEqual({ message: 'Thank you, pleasure trading' });
    act(() => release?.());

    expect(await within(card).findByText('Reply: Thank you, pleasure trading')).toBeInTheDocument();
    // One reply only: the form is gone.
    expect(within(card).queryByTestId('feedback-reply-form')).not.toBeInTheDocument();
    expect(replies(fake)).toHaveLength(1);
  });

  it('should put the server field error on the reply and keep the text', async () => {
    withServer(awaitingReply, () =>
      jsonResponse(
        422,
        errorBody('ERROR_INPUT_VALIDATION', 'Invalid input', [
          { field: 'message', message: 'Control characters are not allowed', code: 'invalid_string' },
        ]),
      ),
    );
    const card = await openCard();
    const user = userEvent.setup();
    const field = await within(card).findByRole('textbox', { name: 'Your reply to sally' });
    await user.type(field, 'Thanks');
    await user.click(within(card).getByRole('button', { name: 'Post reply' }));
    expect(await within(card).findByText('Control characters are not allowed')).toBeInTheDocument();
    expect(field).toHaveValue('Thanks');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('should show the saved reply instead of the form when I already replied from elsewhere', async () => {
    let state = awaitingReply();
    withServer(
      () => state,
      () => {
        state = replied('Sent from my phone');
        return jsonResponse(409, errorBody('FEEDBACK_ALREADY_REPLIED', 'You already replied'));
      },
    );
    const card = await openCard();
    const user = userEvent.setup();
    await user.type(await within(card).findByRole('textbox', { name: 'Your reply to sally' }), 'Thanks');
    await user.click(within(card).getByRole('button', { name: 'Post reply' }));
    expect(await within(card).findByText('Reply: Sent from my phone')).toBeInTheDocument();
    expect(within(card).queryByTestId('feedback-reply-form')).not.toBeInTheDocument();
  });

  it('should keep the form and show the server message when saving fails', async () => {
    withServer(awaitingReply, () => jsonResponse(503, errorBody('SERVICE_UNAVAILABLE', 'Try again shortly')));
    const card = await openCard();
    const user = userEvent.setup();
    await user.type(await within(card).findByRole('textbox', { name: 'Your reply to sally' }), 'Thanks');
    await user.click(within(card).getByRole('button', { name: 'Post reply' }));
    expect(await within(card).findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'Try again shortly',
    );
    expect(within(card).getByRole('textbox', { name: 'Your reply to sally' })).toHaveValue('Thanks');
  }, 30_000);

  it('should show feedback that arrives while the page is open, with the reply form', async () => {
    let state = feedbackState({ canGive: false });
    withServer(
      () => state,
      () => jsonResponse(500, {}),
    );
    const card = await openCard();
    expect(await within(card).findByText('No feedback yet.')).toBeInTheDocument();
    await waitFor(() => expect(FakeSocket.latest()).toBeDefined());
    const socket = FakeSocket.latest()!;
    act(() => socket.accept());
    state = awaitingReply();
    act(() =>
      socket.push({
        type: 'feedback.received',
        tradeHash: HASH,
        data: { tradeHash: HASH, rating: 'positive', from: 'sally' },
      }),
    );
    expect(await within(card).findByRole('textbox', { name: 'Your reply to sally' })).toBeInTheDocument();
  });
});
