import type { AdminVerificationDetail, VerificationRequest } from '@app/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '@/shared/api';
import { realtimeClient } from '@/shared/realtime';
import { FakeSocket } from '@/shared/realtime/fake-socket';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

/** Console pages are lazy chunks: the first import in a cold, busy worker can take several seconds. */
const PAGE_LOAD = { timeout: 15_000 };

function withServer(routes: Record<string, FakeHandler>) {
  const fake = createFakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const REVIEWER = ['console.view', 'users.view', 'audit.read', 'chargebacks.handle', 'verifications.review'];
const permissions = (role: string, list: string[]) => ({
  'GET /rest/v1/admin/permissions': () => jsonResponse(200, { data: { role, permissions: list } }),
});
const admin = () => buildCurrentUser({ username: 'root', role: 'admin', isAdmin: true });

function buildDetail(overrides: Partial<AdminVerificationDetail> = {}): AdminVerificationDetail {
  return {
    id: 7,
    type: 'id',
    status: 'pending',
    inReview: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    submittedAt: '2026-03-01T10:10:00.000Z',
    decidedAt: null,
    expiresAt: '2026-03-15T10:00:00.000Z',
    reason: null,
    details: {
      issue_country_iso3: 'ESP',
      document_type: 'passport',
      first_name_original: 'Ana',
      middle_name_original: '',
      last_name_original: 'García',
      document_number: 'X1234567',
    },
    documents: [
      {
        id: 71,
        side: 'front',
        status: 'uploaded',
        reason: null,
        uploadedAt: '2026-03-01T10:05:00.000Z',
        url: '/rest/v1/admin/verifications/7/documents/71',
        mime: 'image/png',
      },
      {
        id: 72,
        side: 'selfie',
        status: 'uploaded',
        reason: null,
        uploadedAt: '2026-03-01T10:10:00.000Z',
        url: '/rest/v1/admin/verifications/7/documents/72',
        mime: 'image/jpeg',
      },
    ],
    user: {
      username: 'ana',
      level: 'L1+',
      proven: ['email', 'phone'],
      country: 'ES',
      registeredAt: '2026-01-01T00:00:00.000Z',
    },
    approval: {
      level: 'L2',
      target: { level: 'L2', missing: [] },
      next: { level: 'L2+POA', missing: ['address'] },
    },
    decidedBy: null,
    ...overrides,
  };
}

const asRequest = (detail: AdminVerificationDetail): VerificationRequest => {
  const { user: _user, decidedBy: _decidedBy, approval: _approval, ...request } = detail;
  return request;
};

describe('staff console: verifications', () => {
  beforeEach(() => {
    FakeSocket.reset();
    setCsrfToken('csrf-token');
  });
  afterEach(() => realtimeClient.disconnect());

  it('should list the waiting requests, switch status tabs and filter by type, with the tab in the header', async () => {
    const user = userEvent.setup();
    const fake = withServer({
      ...permissions('admin', REVIEWER),
      'GET /rest/v1/admin/verifications': (request) => {
        const query = new URL(request.url, 'http://test').searchParams;
        const status = query.get('status');
        return jsonResponse(200, {
          data: {
            requests:
              status === 'pending'
                ? [
                    {
                      id: 7,
                      type: 'id',
                      status: 'pending',
                      username: 'ana',
                      submittedAt: '2026-03-01T10:10:00.000Z',
                      createdAt: '2026-03-01T10:00:00.000Z',
                      decidedAt: null,
                    },
                  ]
                : [],
            page: 1,
            nextPage: null,
          },
        });
      },
    });
    const { router } = renderApp({ path: '/admin/verifications', user: admin() });
    const row = await screen.findByTestId('verification-row', {}, PAGE_LOAD);
    expect(within(row).getByRole('link', { name: '#7 · Identity' })).toHaveAttribute(
      'href',
      '/admin/verifications/7',
    );
    expect(row).toHaveTextContent('Trader: ana');
    expect(row).toHaveTextContent('Pending');
    expect(screen.getByRole('navigation', { name: 'Staff console' })).toHaveTextContent('Verifications');

    await user.click(screen.getByRole('radio', { name: 'Denied' }));
    expect(await screen.findByText('No verification has been denied yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=denied');

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Address' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=denied&type=address'));
    await waitFor(() =>
      expect(
        fake.requests.some((r) => r.url.includes('status=denied') && r.url.includes('type=address')),
      ).toBe(true),
    );
  }, 30_000);

  it('should not offer the verifications tab to a moderator', async () => {
    withServer({
      ...permissions('moderator', ['console.view', 'disputes.take', 'users.view']),
      'GET /rest/v1/admin/disputes': () => jsonResponse(200, { data: { items: [], nextCursor: null } }),
    });
    renderApp({ path: '/admin/disputes', user: buildCurrentUser({ role: 'moderator', isModerator: true }) });
    const nav = await screen.findByRole('navigation', { name: 'Staff console' }, PAGE_LOAD);
    expect(within(nav).queryByRole('link', { name: 'Verifications' })).toBeNull();
  }, 30_000);

  it('should show the trader, the details and the documents side by side, and approve after a confirmation', async () => {
    const user = userEvent.setup();
    let detail = buildDetail();
    const fake = withServer({
      ...permissions('admin', REVIEWER),
      'GET /rest/v1/admin/verifications/7': () => jsonResponse(200, { data: detail }),
      'POST /rest/v1/admin/verifications/7/approve': () => {
        detail = buildDetail({
          status: 'approved',
          decidedAt: '2026-03-02T09:00:00.000Z',
          decidedBy: 'root',
          documents: detail.documents.map((d) => ({ ...d, status: 'approved' })),
          user: { ...detail.user, level: 'L2' },
        });
        return jsonResponse(200, { data: asRequest(detail) });
      },
    });
    renderApp({ path: '/admin/verifications/7', user: admin() });
    const summary = await screen.findByTestId('verification-summary', {}, PAGE_LOAD);
    expect(within(summary).getByTestId('verification-status')).toHaveTextContent('Waiting for review');
    expect(within(summary).getByTestId('trader-level')).toHaveTextContent('Level L1+');
    expect(within(summary).getByRole('link', { name: 'ana' })).toHaveAttribute('href', '/admin/users/ana');
    // Unmasked for the reviewer.
    expect(screen.getByTestId('verification-details')).toHaveTextContent('Document numberX1234567');
    expect(screen.getByRole('img', { name: 'Front uploaded by ana' })).toHaveAttribute(
      'src',
      '/rest/v1/admin/verifications/7/documents/71',
    );
    expect(screen.getByRole('img', { name: 'Selfie uploaded by ana' })).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this verification?' });
    expect(dialog).toHaveTextContent("ana's ID document and selfie count as verified from now on");
    // What the approval does to the level, and what the next level still needs.
    expect(within(dialog).getByTestId('approval-outcome')).toHaveTextContent(
      'After approval: level L2 (now L1+).Still missing for L2+POA: a proof of address.',
    );
    expect(fake.requests.some((r) => r.url.endsWith('/approve'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Verification approved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('verification-status')).toHaveTextContent('Approved'));
    expect(screen.getByTestId('trader-level')).toHaveTextContent('Level L2');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  }, 30_000);

  it('should say an ID leaves a trader without a phone at their level, and what is missing, in Spanish', async () => {
    const user = userEvent.setup();
    const detail = buildDetail({
      user: { ...buildDetail().user, level: 'L1', proven: ['email'] },
      approval: {
        level: 'L1',
        target: { level: 'L2', missing: ['phone'] },
        next: { level: 'L1+', missing: ['phone'] },
      },
    });
    withServer({
      ...permissions('admin', REVIEWER),
      'GET /rest/v1/admin/verifications/7': () => jsonResponse(200, { data: detail }),
    });
    renderApp({ path: '/admin/verifications/7', user: admin() });
    await user.click(await screen.findByRole('button', { name: 'Approve' }, PAGE_LOAD));
    let outcome = within(await screen.findByRole('dialog')).getByTestId('approval-outcome');
    expect(outcome).toHaveTextContent(
      'After approval: still level L1.L2 also needs a verified phone number.',
    );
    expect(screen.getByRole('dialog')).not.toHaveTextContent(/rises/);
    cleanup();

    withServer({
      ...permissions('admin', REVIEWER),
      'GET /rest/v1/admin/verifications/7': () =>
        jsonResponse(200, {
          data: {
            ...detail,
            approval: {
              level: 'L1+',
              target: { level: 'L2+POA', missing: ['id_document', 'selfie'] },
              next: { level: 'L2', missing: ['id_document', 'selfie'] },
            },
            type: 'address',
          },
        }),
    });
    renderApp({ path: '/es/admin/verifications/7', user: admin() });
    await user.click(await screen.findByRole('button', { name: 'Aprobar' }, PAGE_LOAD));
    outcome = within(await screen.findByRole('dialog')).getByTestId('approval-outcome');
    expect(outcome).toHaveTextContent(
      'Tras la aprobación: nivel L1+ (ahora L1).L2+POA también necesita un documento de identidad y un selfi.',
    );
  }, 40_000);

  it('should deny only with a reason the trader can read, checked before it is sent', async () => {
    const user = userEvent.setup();
    let detail = buildDetail();
    const fake = withServer({
      ...permissions('admin', REVIEWER),
      'GET /rest/v1/admin/verifications/7': () => jsonResponse(200, { data: detail }),
      'POST /rest/v1/admin/verifications/7/deny': (request) => {
        const { reason } = request.body as { reason: string };
        detail = buildDetail({
          status: 'denied',
          decidedAt: '2026-03-02T09:00:00.000Z',
          reason,
          decidedBy: 'root',
        });
        return jsonResponse(200, { data: asRequest(detail) });
      },
    });
    renderApp({ path: '/admin/verifications/7', user: admin() });
    await user.click(await screen.findByRole('button', { name: 'Deny' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: "Deny ana's verification?" });
    const reason = within(dialog).getByLabelText(/Reason \(the trader reads it\)/);
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(within(dialog).getByText('Give the reason.')).toBeInTheDocument();
    await user.type(reason, 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(within(dialog).getByText('Say why in a few words (at least 3 characters).')).toBeInTheDocument();
    expect(fake.requests.some((r) => r.url.endsWith('/deny'))).toBe(false);

    await user.clear(reason);
    await user.type(reason, 'The passport photo is blurred.');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Verification denied.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('verification-status')).toHaveTextContent('Denied'));
    expect(screen.getByTestId('verification-summary')).toHaveTextContent(
      'Reason: The passport photo is blurred.',
    );
    expect(fake.requests.find((r) => r.url.endsWith('/deny'))?.body).toEqual({
      reason: 'The passport photo is blurred.',
    });
  }, 30_000);

  it('should ask for one document again with a reason, and say when the request is not the reviewer’s to decide', async () => {
    const user = userEvent.setup();
    let detail = buildDetail();
    let ownRequest = false;
    const fake = withServer({
      ...permissions('admin', REVIEWER),
      'GET /rest/v1/admin/verifications/7': () => jsonResponse(200, { data: detail }),
      'POST /rest/v1/admin/verifications/7/documents/72/reject': () => {
        detail = buildDetail({
          inReview: false,
          submittedAt: null,
          documents: detail.documents.map((d) =>
            d.id === 72 ? { ...d, status: 'rejected', reason: 'Your face is not visible.' } : d,
          ),
        });
        return jsonResponse(200, { data: asRequest(detail) });
      },
      'POST /rest/v1/admin/verifications/7/approve': () =>
        ownRequest
          ? jsonResponse(403, errorBody('FORBIDDEN_ROLE', 'You cannot review your own verification.'))
          : jsonResponse(500, errorBody('INTERNAL_ERROR', 'x')),
    });
    renderApp({ path: '/admin/verifications/7', user: admin() });
    const selfie = await screen.findByTestId('review-document-selfie', {}, PAGE_LOAD);

    // The server refuses a reviewer's own request: said in the confirmation, nothing changes.
    ownRequest = true;
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve this verification?' });
    await user.click(within(approve).getByRole('button', { name: 'Approve' }));
    expect(await within(approve).findByRole('alert')).toHaveTextContent(
      'You cannot review your own verification.',
    );
    await user.click(within(approve).getByRole('button', { name: 'Cancel' }));

    await user.click(within(selfie).getByRole('button', { name: 'Ask for a new one: Selfie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a new document: Selfie' });
    expect(dialog).toHaveTextContent('The verification goes back to ana');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Your face is not visible.');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for it' }));
    expect(await screen.findByText('The trader was asked for a new document.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('review-document-selfie')).toHaveAttribute('data-status', 'rejected'),
    );
    expect(screen.getByTestId('review-document-selfie')).toHaveTextContent('Note: Your face is not visible.');
    expect(
      screen.getByText('The trader has not sent every document yet: nothing to decide.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(fake.requests.find((r) => r.url.endsWith('/reject'))?.body).toEqual({
      reason: 'Your face is not visible.',
    });
  }, 30_000);

  it('should set the video verification on the user page for a reviewer', async () => {
    const user = userEvent.setup();
    const fake = withServer({
      ...permissions('admin', REVIEWER),
      'GET /rest/v1/admin/users/ana': () =>
        jsonResponse(200, {
          data: {
            profile: {
              id: 5,
              username: 'ana',
              email: 'ana@example.com',
              role: 'user',
              accountState: 'active',
              accountNotice: null,
              createdAt: '2026-01-01T00:00:00.000Z',
              tradesCount: 0,
              lastSeenAt: null,
              lastLoginAt: null,
              isEmailVerified: true,
              isDemoAccount: false,
            },
            recentTrades: [],
            offers: [],
            reportsAgainst: [],
            sessions: [],
            ips: [],
            allowedActions: [],
            canChangeRole: false,
          },
        }),
      'PUT /rest/v1/admin/users/ana/video-verification': () =>
        jsonResponse(200, { data: { username: 'ana', videoStatus: 'forced' } }),
    });
    renderApp({ path: '/admin/users/ana', user: admin() });
    const control = await screen.findByRole('region', { name: 'Video verification' }, PAGE_LOAD);
    await user.click(within(control).getByRole('combobox', { name: 'Video call' }));
    await user.click(await screen.findByRole('option', { name: 'Require (forced)' }));
    await user.click(within(control).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('ana must now complete a video verification.')).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'forced' });
  }, 30_000);
});
