import type { AdminDispute, AdminDisputeDetail } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '@/shared/api';
import { realtimeClient } from '@/shared/realtime';
import { FakeSocket } from '@/shared/realtime/fake-socket';
import { buildCurrentUser, buildInitialState } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';
import { amountFormatRoutes } from '@/features/catalogue/testing/factories';
import { buildTrade, HASH, tradeRoutes } from '@/features/trades/testing/trade-fixtures';

/** Console pages are lazy chunks: the first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

const party = (username: string) => ({
  username,
  accountState: 'active',
  registeredAt: '2026-01-01T00:00:00.000Z',
  accountAgeDays: 59,
  completedTrades: 4,
  feedback: { positive: 3, negative: 0 },
  emailVerified: true,
  idVerified: false,
});

function buildDispute(overrides: Partial<AdminDispute> = {}): AdminDispute {
  return {
    tradeHash: HASH,
    tradeStatus: 'dispute_open',
    cryptoCode: 'BTC',
    escrowAmount: '0.00101',
    fiatAmount: '95.00',
    fiatCurrencyCode: 'USD',
    paymentMethod: 'Bank transfer',
    tradeStartedAt: '2026-03-01T10:00:00.000Z',
    buyer: party('bob'),
    seller: party('sally'),
    sameIp: false,
    reasonId: 2,
    reasonSlug: 'buyer_payment_issue',
    reasonText: 'I paid, the seller does not release.',
    openedBy: 'buyer',
    openedAt: '2026-03-01T11:00:00.000Z',
    openSeconds: 3_720,
    assignee: null,
    decision: null,
    ...overrides,
  };
}

const detailOf = (dispute: AdminDispute): AdminDisputeDetail => ({
  ...dispute,
  offerTerms: 'Own account only.',
  paymentDetails: 'IBAN DE00',
  messages: [],
  moreMessages: false,
});

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch({ ...amountFormatRoutes(), ...routes });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const moderator = () => buildCurrentUser({ username: 'mia', role: 'moderator', isModerator: true });
const permissions = (role = 'moderator', list = ['console.view', 'disputes.take', 'disputes.award']) => ({
  'GET /rest/v1/admin/permissions': () => jsonResponse(200, { data: { role, permissions: list } }),
});

describe('staff console', () => {
  beforeEach(() => {
    FakeSocket.reset();
    setCsrfToken('csrf-token');
  });
  afterEach(() => {
    realtimeClient.disconnect();
  });

  it('should answer a trader and a visitor with the 404 page, and show a trader their account notice', async () => {
    withServer({});
    renderApp({ path: '/admin/disputes', user: buildCurrentUser({ accountNotice: 2 }) });
    expect(await screen.findByText('Page not found', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('account-notice')).toHaveTextContent('notification from payment support');
  });

  it('should answer a logged-out visitor with the 404 page (no login redirect revealing the console)', async () => {
    withServer({});
    const { router } = renderApp({ path: '/es/admin' });
    expect(await screen.findByText('Página no encontrada', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/es/admin');
  });

  it('should list the waiting disputes for a moderator, with the parties, escrow and time open', async () => {
    withServer({
      ...permissions(),
      'GET /rest/v1/admin/disputes': () =>
        jsonResponse(200, { data: { items: [buildDispute({ sameIp: true })], nextCursor: null } }),
    });
    renderApp({ path: '/admin', user: moderator() });
    const row = await screen.findByTestId('dispute-row', {}, PAGE_LOAD);
    expect(row).toHaveTextContent('bob (buyer) and sally (seller)');
    expect(row).toHaveTextContent('0.00101 BTC for 95.00 USD by Bank transfer');
    expect(row).toHaveTextContent('Opened by the buyer 1 hr 2 min ago');
    expect(within(row).getByText('Same IP')).toBeInTheDocument();
    expect(within(row).getByTestId('dispute-holder')).toHaveTextContent('Not taken');
  });

  it('should show amounts at their precision: a coin at its display decimals, fiat at the currency’s', async () => {
    withServer({
      ...permissions(),
      'GET /rest/v1/admin/disputes': () =>
        jsonResponse(200, {
          data: {
            items: [
              buildDispute({
                cryptoCode: 'ETH',
                escrowAmount: '19.985468211352636154',
                fiatAmount: '250.00000000',
              }),
            ],
            nextCursor: null,
          },
        }),
    });
    renderApp({ path: '/es/admin', user: moderator() });
    const escrow = within(await screen.findByTestId('dispute-row', {}, PAGE_LOAD)).getByTestId(
      'dispute-escrow',
    );
    // The numbers: 8 of ETH's 18 decimals, cut; the fiat at USD's 2; Spanish separators.
    expect(escrow).toHaveTextContent(/^19,98546821 ETH por 250,00 USD/);
    expect(escrow).toHaveAttribute('title', '19,985468211352636154 ETH');
  });

  it('should decide only after the reason and a confirmation that states who receives what', async () => {
    const user = userEvent.setup();
    let dispute = buildDispute({ assignee: { username: 'mia', since: '2026-03-01T11:30:00.000Z' } });
    const fake = withServer({
      ...permissions(),
      ...tradeRoutes({ trade: () => buildTrade({ role: 'moderator', status: 'dispute_open' }) }),
      [`GET /rest/v1/admin/disputes/${HASH}`]: () => jsonResponse(200, { data: detailOf(dispute) }),
      [`POST /rest/v1/admin/disputes/${HASH}/award`]: (request) => {
        const body = request.body as { winner: string; reason: string };
        if (body.reason.length < 5) {
          return jsonResponse(
            422,
            errorBody('ERROR_INPUT_VALIDATION', 'The input is not valid', [
              { field: 'reason', message: 'Say more', code: 'too_small' },
            ]),
          );
        }
        dispute = buildDispute({
          tradeStatus: 'dispute_won_buyer',
          decision: {
            outcome: 'buyer',
            reason: body.reason,
            moderator: 'mia',
            at: '2026-03-01T12:00:00.000Z',
          },
        });
        return jsonResponse(200, { data: dispute });
      },
    });
    renderApp({ path: `/admin/disputes/${HASH}`, user: moderator() });
    await user.click(await screen.findByRole('button', { name: 'Decide the dispute' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Choose who wins.')).toBeInTheDocument();
    expect(within(dialog).getByText('Give the reason.')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText(/The buyer: release 0.00101 BTC from escrow to bob/));
    await user.type(within(dialog).getByLabelText(/Reason/), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('award-confirm-text')).toHaveTextContent(
      'Release 0.00101 BTC to bob (the buyer)? This cannot be undone.',
    );
    // The server's field error goes back to the form, on its field; nothing was decided.
    await user.click(screen.getByRole('button', { name: 'Confirm the decision' }));
    expect(await screen.findByText('Say more')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Reason/));
    await user.type(screen.getByLabelText(/Reason/), 'The statement shows the transfer.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm the decision' }));
    await waitFor(() => expect(screen.getByTestId('console-decision')).toHaveTextContent('Buyer won'));
    const awards = fake.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/award'));
    expect(awards.map((r) => r.body)).toEqual([
      { winner: 'buyer', reason: 'ok' },
      { winner: 'buyer', reason: 'The statement shows the transfer.' },
    ]);
  }, 30_000);

  it('should let the holder write to both parties from the dispute view, marked as a moderator', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    let refuse = true;
    const dispute = buildDispute({ assignee: { username: 'mia', since: '2026-03-01T11:30:00.000Z' } });
    const staffMessage = {
      id: 501,
      tradeHash: HASH,
      kind: 'user' as const,
      author: { username: 'mia', role: 'moderator' as const },
      text: 'Please both upload your bank statements.',
      system: null,
      attachmentId: null,
      createdAt: '2026-03-01T12:00:00.000Z',
    };
    const fake = withServer({
      ...permissions(),
      ...tradeRoutes({
        trade: () =>
          buildTrade({
            role: 'moderator',
            status: 'dispute_open',
            viewerRelation: null,
            availableActions: [],
            expiresAt: null,
            dispute: { ...buildTrade().dispute, isOpen: true, openedBy: 'buyer', moderator: 'mia' },
          }),
      }),
      [`GET /rest/v1/admin/disputes/${HASH}`]: () => jsonResponse(200, { data: detailOf(dispute) }),
      [`POST /rest/v1/admin/disputes/${HASH}/messages`]: async () => {
        if (refuse) {
          refuse = false;
          return jsonResponse(409, errorBody('DISPUTE_NOT_YOURS', 'Take this dispute first.'));
        }
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return jsonResponse(201, { data: staffMessage });
      },
    });
    renderApp({ path: `/admin/disputes/${HASH}`, user: moderator() });
    const input = await screen.findByRole('textbox', { name: 'Write to both parties' }, PAGE_LOAD);
    const chat = screen.getByTestId('trade-chat');
    // Staff write words, not files; the box says how their words appear.
    expect(within(chat).queryByRole('button', { name: 'Attach an image or a PDF' })).not.toBeInTheDocument();
    expect(within(chat).getByTestId('chat-notice')).toHaveTextContent(
      'You write to both parties as a moderator: your messages are marked “Moderator” and kept in the audit log.',
    );

    // Refused: the reason is shown and the words are kept.
    await user.type(input, staffMessage.text);
    await user.click(within(chat).getByRole('button', { name: 'Send' }));
    expect(await within(chat).findByTestId('chat-send-error')).toHaveTextContent('Take this dispute first.');
    expect(input).toHaveValue(staffMessage.text);

    // Sent: the button shows it is working, then the message is in the chat, marked and mine.
    await user.click(within(chat).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(chat).getByRole('button', { name: 'Send' })).toHaveAttribute('data-loading', 'true'),
    );
    release();
    const sent = await within(chat).findByText(staffMessage.text, { selector: 'p' });
    const bubble = sent.closest('[data-testid="chat-message"]')!;
    expect(bubble).toHaveAttribute('data-staff', 'true');
    expect(bubble).toHaveAttribute('data-mine', 'true');
    expect(within(bubble as HTMLElement).getByTestId('chat-staff-badge')).toHaveTextContent('Moderator');
    await waitFor(() => expect(input).toHaveValue(''));
    const posts = fake.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/messages'));
    expect(posts.map((r) => r.url)).toEqual([
      `/rest/v1/admin/disputes/${HASH}/messages`,
      `/rest/v1/admin/disputes/${HASH}/messages`,
    ]);
    expect(posts.map((r) => r.body)).toEqual([{ text: staffMessage.text }, { text: staffMessage.text }]);
    // Never through the parties' route.
    expect(
      fake.requests.some((r) => r.method === 'POST' && r.url === `/rest/v1/trade/${HASH}/messages`),
    ).toBe(false);
  }, 30_000);

  it('should tell a moderator who may not write in a decided dispute why, instead of "once funded"', async () => {
    const decided = buildDispute({
      tradeStatus: 'dispute_won_buyer',
      decision: { outcome: 'buyer', reason: 'Paid.', moderator: 'max', at: '2026-03-01T12:00:00.000Z' },
    });
    withServer({
      ...permissions(),
      ...tradeRoutes({
        trade: () =>
          buildTrade({
            role: 'moderator',
            status: 'dispute_won_buyer',
            viewerRelation: null,
            availableActions: [],
            expiresAt: null,
            dispute: {
              ...buildTrade().dispute,
              openedBy: 'buyer',
              moderator: 'max',
              decision: {
                outcome: 'buyer',
                reason: 'Paid.',
                at: { timestamp: 1_772_366_400, humanReadable: '' },
              },
            },
            chat: { canPost: false, blockReason: 'ChatBlocked', closesAt: null },
          }),
      }),
      [`GET /rest/v1/admin/disputes/${HASH}`]: () => jsonResponse(200, { data: detailOf(decided) }),
    });
    renderApp({ path: `/admin/disputes/${HASH}`, user: moderator() });
    const blocked = await screen.findByTestId('chat-blocked', {}, PAGE_LOAD);
    expect(blocked).toHaveTextContent(
      'Only the moderator who decided this dispute, or a supermod or admin, writes here now.',
    );
    expect(blocked).not.toHaveTextContent('funded');
    expect(screen.queryByRole('textbox', { name: 'Write to both parties' })).not.toBeInTheDocument();
  }, 30_000);

  it('should confirm a chargeback only with a reason, after saying what it does to the buyer', async () => {
    const user = userEvent.setup();
    const report = {
      id: 7,
      tradeHash: HASH,
      status: 'Pending' as const,
      reporter: 'sally',
      accused: 'bob',
      chargebackDate: '2026-02-20',
      amount: '250.00000000',
      fiatCurrencyCode: 'USD',
      description: 'The bank recalled the transfer.',
      createdAt: '2026-02-21T10:00:00.000Z',
      decidedAt: null,
      decidedBy: null,
      decisionReason: null,
    };
    const fake = withServer({
      ...permissions('supermod', ['console.view', 'disputes.take', 'chargebacks.handle']),
      'GET /rest/v1/admin/chargebacks': () =>
        jsonResponse(200, { data: { items: [report], nextCursor: null } }),
      'POST /rest/v1/admin/chargebacks/7': () =>
        jsonResponse(200, { data: { ...report, status: 'Confirmed', decisionReason: 'Recall confirmed.' } }),
    });
    renderApp({ path: '/admin/chargebacks', user: buildCurrentUser({ username: 'sam', role: 'supermod' }) });
    const row = await screen.findByTestId('chargeback-row', {}, PAGE_LOAD);
    expect(row).toHaveTextContent('sally (seller) reports bob (buyer)');
    // Stored to 8 places, shown at the currency's 2.
    expect(row).toHaveTextContent('250.00 USD taken back on');
    expect(row).not.toHaveTextContent('250.00000000');
    await user.click(within(row).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the chargeback by bob?' });
    expect(dialog).toHaveTextContent("bob's account is restricted");
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Give the reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Recall confirmed.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { status: 'Confirmed', reason: 'Recall confirmed.' },
      ]),
    );
    // Both sections are in the console's navigation for a supermod.
    expect(screen.getByRole('navigation', { name: 'Staff console' })).toHaveTextContent(
      'DisputesChargebacks',
    );
  }, 30_000);

  it('should penalise a reported offer with the hours and a reason', async () => {
    const user = userEvent.setup();
    const report = {
      id: 3,
      reason: 'outside_escrow' as const,
      message: 'Asked me to pay by gift card outside.',
      reporter: 'rita',
      createdAt: '2026-02-21T10:00:00.000Z',
      status: 'open' as const,
      handledBy: null,
      handledAt: null,
      resolution: null,
      openReportsOnOffer: 2,
      offer: {
        hash: 'Off3rHash001',
        owner: 'oscar',
        type: 'sell' as const,
        cryptoCode: 'BTC',
        fiatCurrencyCode: 'USD',
        paymentMethod: 'Bank transfer',
        terms: 'Pay outside',
        isActive: true,
        moderationStatus: 1,
        penaltyUntil: null,
      },
    };
    const fake = withServer({
      ...permissions('moderator', ['console.view', 'disputes.take', 'reports.handle']),
      'GET /rest/v1/admin/reports': () => jsonResponse(200, { data: { items: [report], nextCursor: null } }),
      'POST /rest/v1/admin/reports/3': () =>
        jsonResponse(200, {
          data: { ...report, status: 'actioned', offer: { ...report.offer, isActive: false } },
        }),
    });
    renderApp({ path: '/admin/reports', user: moderator() });
    const row = await screen.findByTestId('report-row', {}, PAGE_LOAD);
    expect(row).toHaveTextContent('rita reported an offer of oscar');
    expect(row).toHaveTextContent('2 open reports');
    await user.click(within(row).getByRole('button', { name: 'Penalty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the offer of oscar with a penalty?' });
    await user.click(within(dialog).getByRole('button', { name: 'Penalty' }));
    expect(within(dialog).getByText('Give the reason.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Penalty (hours)'));
    await user.type(within(dialog).getByLabelText('Penalty (hours)'), '48');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Trading outside escrow.');
    await user.click(within(dialog).getByRole('button', { name: 'Penalty' }));
    await waitFor(() =>
      expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { action: 'penalty', reason: 'Trading outside escrow.', penaltyHours: 48 },
      ]),
    );
  }, 30_000);

  it('should find a user and restrict them with a reason; the audit log lists staff actions', async () => {
    const user = userEvent.setup();
    const row = {
      id: 9,
      username: 'bob',
      email: 'bob@example.com',
      role: 'user' as const,
      accountState: 'active' as const,
      accountNotice: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      tradesCount: 4,
      lastSeenAt: null,
    };
    const detail = {
      profile: { ...row, lastLoginAt: null, isEmailVerified: true, isDemoAccount: false },
      recentTrades: [],
      offers: [],
      reportsAgainst: [],
      sessions: [],
      ips: [{ ip: '10.0.0.7', source: 'session' as const, lastSeenAt: null }],
      allowedActions: ['restrict', 'suspend'],
      canChangeRole: false,
    };
    const fake = withServer({
      ...permissions('moderator', ['console.view', 'users.view', 'disputes.take']),
      'GET /rest/v1/admin/users': () =>
        jsonResponse(200, { data: { items: [row], page: 1, limit: 20, hasMore: false } }),
      'GET /rest/v1/admin/users/bob': () => jsonResponse(200, { data: detail }),
      'POST /rest/v1/admin/users/bob/actions': () =>
        jsonResponse(200, {
          data: {
            user: { ...row, accountState: 'restricted' },
            audit: {
              id: 1,
              at: '2026-03-01T12:00:00.000Z',
              actor: 'mia',
              actorRole: 'moderator',
              action: 'account.restrict',
              targetType: 'user',
              targetId: 'bob',
              reason: 'Chargebacks.',
              before: null,
              after: null,
              ip: null,
            },
          },
        }),
    });
    renderApp({ path: '/admin/users?q=bo', user: moderator() });
    await user.click(await screen.findByRole('link', { name: 'bob' }, PAGE_LOAD));
    expect(await screen.findByText(/10\.0\.0\.7/, {}, PAGE_LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restrict' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restrict: bob' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Chargebacks.');
    await user.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    await waitFor(() =>
      expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { action: 'restrict', reason: 'Chargebacks.' },
      ]),
    );
  }, 30_000);

  it('should uphold an appeal only with a reason, after saying what moves', async () => {
    const user = userEvent.setup();
    const appeal = {
      id: 4,
      tradeHash: HASH,
      cryptoCode: 'BTC',
      appellant: 'sally',
      appellantRole: 'seller' as const,
      reason: 'The payment was recalled.',
      status: 'appealed' as const,
      createdAt: '2026-03-01T12:00:00.000Z',
      dispute: {
        outcome: 'buyer' as const,
        reason: 'Receipt shown.',
        moderator: 'mia',
        at: '2026-03-01T11:00:00.000Z',
      },
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      reversedAmount: null,
      shortfallAmount: null,
    };
    const fake = withServer({
      ...permissions('supermod', ['console.view', 'disputes.take', 'appeals.decide']),
      'GET /rest/v1/admin/appeals': () => jsonResponse(200, { data: { items: [appeal], nextCursor: null } }),
      'POST /rest/v1/admin/appeals/4/decide': () =>
        jsonResponse(200, {
          data: { ...appeal, status: 'upheld', reversedAmount: '0.001', shortfallAmount: '0' },
        }),
    });
    renderApp({ path: '/admin/appeals', user: buildCurrentUser({ username: 'sam', role: 'supermod' }) });
    const row = await screen.findByTestId('appeal-row', {}, PAGE_LOAD);
    expect(row).toHaveTextContent('sally (Seller) appeals: Buyer won, decided by mia');
    await user.click(within(row).getByRole('button', { name: 'Uphold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uphold the appeal of sally?' });
    expect(dialog).toHaveTextContent('gets it in full from the award held since the decision');
    await user.click(within(dialog).getByRole('button', { name: 'Uphold' }));
    expect(within(dialog).getByText('Give the reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'The recall is proven.');
    await user.click(within(dialog).getByRole('button', { name: 'Uphold' }));
    await waitFor(() =>
      expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { outcome: 'uphold', reason: 'The recall is proven.' },
      ]),
    );
  }, 30_000);

  it('should list offer appeals by kind and reject one only with a reason, after saying it is final', async () => {
    const user = userEvent.setup();
    const appeal = {
      id: 9,
      status: 'appealed' as const,
      owner: 'olga',
      text: 'My terms only list the bank details.',
      createdAt: '2026-03-01T12:00:00.000Z',
      rejection: { moderator: 'mia', note: 'Remove the outside-payment request.' },
      offer: {
        hash: 'Offer0000001',
        owner: 'olga',
        type: 'sell' as const,
        cryptoCode: 'BTC',
        fiatCurrencyCode: 'USD',
        paymentMethod: 'Bank transfer',
        terms: 'Pay by bank.',
        isActive: false,
        moderationStatus: 4,
        penaltyUntil: null,
      },
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
    };
    const fake = withServer({
      ...permissions('supermod', ['console.view', 'appeals.decide']),
      'GET /rest/v1/admin/appeals': () => jsonResponse(200, { data: { items: [], nextCursor: null } }),
      'GET /rest/v1/admin/offer-appeals': () =>
        jsonResponse(200, { data: { items: [appeal], nextCursor: null } }),
      'POST /rest/v1/admin/offer-appeals/9/decide': () =>
        jsonResponse(200, { data: { ...appeal, status: 'rejected', decisionReason: 'Outside escrow.' } }),
    });
    renderApp({
      path: '/admin/appeals',
      user: buildCurrentUser({ username: 'sam', role: 'supermod' }),
      state: { features: { ...buildInitialState().features, disputeAppeal: true } },
    });
    expect(await screen.findByText('No appeal here.', {}, PAGE_LOAD)).toBeInTheDocument();
    await user.click(screen.getByText('Offers'));
    const row = await screen.findByTestId('offer-appeal-row');
    expect(row).toHaveTextContent('olga appeals against the rejection by mia');
    expect(row).toHaveTextContent('The owner was told: Remove the outside-payment request.');
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the appeal of olga?' });
    expect(dialog).toHaveTextContent('cannot be appealed again');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give the reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Outside escrow.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { outcome: 'reject', reason: 'Outside escrow.' },
      ]),
    );
    const asked = fake.requests.find((r) => r.url.startsWith('/rest/v1/admin/offer-appeals'))!;
    expect(new URL(asked.url, 'http://x').searchParams.get('status')).toBe('appealed');
  }, 30_000);

  it('should show an admin the kept mails with their links, filtered by recipient', async () => {
    const user = userEvent.setup();
    const message = {
      id: 12,
      channel: 'email' as const,
      recipient: 'ana@example.com',
      username: 'ana',
      template: 'email_verification',
      locale: 'en',
      subject: 'Your P2P Market verification code: 123456',
      bodyText:
        'Enter this code: 123456\n\nConfirm my e-mail: http://127.0.0.1:3000/account/verify-email?code=123456',
      status: 'kept' as const,
      attempts: 0,
      lastError: null,
      createdAt: '2026-03-01T12:00:00.000Z',
      sentAt: null,
    };
    const fake = withServer({
      ...permissions('admin', ['console.view', 'outbox.read']),
      'GET /rest/v1/admin/outbox': () =>
        jsonResponse(200, {
          data: { items: [message], nextCursor: null, delivery: { email: false, sms: false } },
        }),
    });
    renderApp({ path: '/admin/outbox', user: buildCurrentUser({ username: 'root', role: 'admin' }) });
    const row = await screen.findByTestId('outbox-row', {}, PAGE_LOAD);
    expect(screen.getByTestId('outbox-kept-notice')).toHaveTextContent('No mail server is configured');
    expect(row).toHaveTextContent('Your P2P Market verification code: 123456');
    expect(row).toHaveTextContent('ana@example.com (ana)');
    await user.click(within(row).getByRole('button', { name: 'Show the message' }));
    expect(within(row).getByRole('link', { name: /verify-email\?code=123456/ })).toHaveAttribute(
      'href',
      'http://127.0.0.1:3000/account/verify-email?code=123456',
    );
    await user.type(screen.getByLabelText(/Recipient/), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(fake.requests.some((r) => new URL(r.url, 'http://x').searchParams.get('q') === 'ana@')).toBe(
        true,
      ),
    );
  }, 30_000);
});

describe('the payouts page', () => {
  it('should show the hot wallet limits, the waiting withdrawals with their reason and the open payouts', async () => {
    const withdrawal = {
      id: 'w1',
      username: 'ana',
      address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
      amount: '0.00100000',
      networkFee: '0.00002000',
      status: 'pending',
      createdAt: '2026-03-01T12:00:00.000Z',
    };
    const fake = withServer({
      ...permissions('supermod', ['console.view', 'payouts.view']),
      'GET /rest/v1/admin/payouts': (request) =>
        jsonResponse(200, {
          data: {
            network: new URL(request.url, 'http://x').searchParams.get('network'),
            limits: {
              maxPerTx: '0.50000000',
              maxPerDay: '2.00000000',
              paidLast24h: '0.00100000',
              batchSeconds: 600,
              rbfAfterSeconds: 3600,
            },
            lastBatchAt: '2026-03-01T12:05:00.000Z',
            open: [
              {
                id: 7,
                txid: 'ab'.repeat(32),
                status: 'broadcast',
                fee: '0.00000700',
                replacesId: null,
                createdAt: '2026-03-01T12:05:00.000Z',
                confirmedAt: null,
                withdrawals: [{ ...withdrawal, id: 'w0' }],
              },
            ],
            recent: [],
            waiting: [{ ...withdrawal, amount: '0.90000000', reason: 'over_tx_limit' }],
          },
        }),
    });
    renderApp({ path: '/admin/payouts', user: buildCurrentUser({ username: 'sup', role: 'supermod' }) });
    const row = await screen.findByTestId('payout-row', {}, PAGE_LOAD);
    expect(row).toHaveTextContent('ab'.repeat(32));
    expect(row).toHaveTextContent('Fee 0.00000700 BTC');
    expect(screen.getByTestId('payouts-paid-today')).toHaveTextContent('0.00100000 / 2.00000000 BTC');
    expect(screen.getByTestId('payout-waiting')).toHaveTextContent('Above the per-transaction limit');
    await userEvent.setup().click(screen.getByText('LTC'));
    await waitFor(() => expect(fake.requests.some((r) => r.url.includes('network=LTC'))).toBe(true));
  }, 30_000);
});

describe('appeals without the disputeAppeal flag', () => {
  it('should list only the offer appeals when no dispute appeal waits, and the dispute ones while some still do', async () => {
    const waiting: unknown[] = [];
    const fake = withServer({
      ...permissions('supermod', ['console.view', 'appeals.decide']),
      'GET /rest/v1/admin/appeals': () => jsonResponse(200, { data: { items: waiting, nextCursor: null } }),
      'GET /rest/v1/admin/offer-appeals': () => jsonResponse(200, { data: { items: [], nextCursor: null } }),
    });
    const { unmount } = renderApp({
      path: '/admin/appeals',
      user: buildCurrentUser({ username: 'sam', role: 'supermod' }),
    });
    expect(await screen.findByText('No appeal here.', {}, PAGE_LOAD)).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.requests.some((r) => r.url.startsWith('/rest/v1/admin/offer-appeals'))).toBe(true),
    );
    expect(screen.queryByText('Disputes')).not.toBeInTheDocument();
    expect(screen.queryByText('Offers')).not.toBeInTheDocument();
    unmount();

    // An appeal sent before the flag was switched off still waits: its queue stays reachable.
    waiting.push({
      id: 4,
      tradeHash: HASH,
      cryptoCode: 'BTC',
      appellant: 'sally',
      appellantRole: 'seller',
      reason: 'The payment was recalled.',
      status: 'appealed',
      createdAt: '2026-03-01T12:00:00.000Z',
      dispute: {
        outcome: 'buyer',
        reason: 'Receipt shown.',
        moderator: 'mia',
        at: '2026-03-01T11:00:00.000Z',
      },
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      reversedAmount: null,
      shortfallAmount: null,
    });
    renderApp({ path: '/admin/appeals', user: buildCurrentUser({ username: 'sam', role: 'supermod' }) });
    expect(await screen.findByText('Disputes', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(await screen.findByTestId('appeal-row')).toHaveTextContent('sally (Seller) appeals');
  }, 30_000);
});
