import {
  webhookEventNames,
  type Webhook,
  type WebhookCheck,
  type WebhookDelivery,
  type WebhookEvent,
} from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '@/shared/api';
import { buildCurrentUser } from '@/testing/factories';
import { createFakeFetch, errorBody, jsonResponse, type FakeHandler } from '@/testing/fake-fetch';
import { renderApp } from '@/testing/render-app';

const PAGE_LOAD = { timeout: 15_000 };
const URL_ = 'https://hooks.example.com/p2p';
const SECRET = `whsec_${'A'.repeat(43)}=`;

const allEvents = (checked = true): WebhookEvent[] => webhookEventNames.map((name) => ({ name, checked }));

const webhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  webhookUrl: URL_,
  enabled: true,
  status: 'enabled',
  errorKey: null,
  events: allEvents(),
  secretPrefix: 'whsec_AAAA',
  verifiedAt: '2026-11-20T08:00:00.000Z',
  disabledAt: null,
  knowledgeUrl: '/docs/webhooks',
  ...overrides,
});
const initial = () =>
  webhook({
    webhookUrl: null,
    enabled: false,
    status: 'initial',
    secretPrefix: null,
    verifiedAt: null,
  });
const disabledBy = (errorKey: Webhook['errorKey']) =>
  webhook({ enabled: false, status: 'disabled', errorKey, disabledAt: '2026-11-21T08:00:00.000Z' });

const passed: WebhookCheck = { passed: true, errorKey: null, responseStatus: 200, latencyMs: 38 };

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 7,
  messageId: 'msg_7',
  event: 'trade.started',
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  latencyMs: 21,
  responseExcerpt: '{"ok":true}',
  errorKey: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  lastAttemptAt: '2026-11-22T10:00:01.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-11-22T10:00:01.000Z',
  ...overrides,
});

/** A held answer: the test decides when the call (a 10-second challenge, on the real server) ends. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The fake server: my webhook as state, the deliveries as given, any route overridable. */
function withServer(
  state: { webhook: Webhook; deliveries?: WebhookDelivery[] },
  routes: Record<string, FakeHandler> = {},
) {
  const fake = createFakeFetch({
    'GET /rest/v1/users/current_user': () => jsonResponse(200, { data: buildCurrentUser() }),
    'GET /rest/v1/webhooks': () => jsonResponse(200, { data: state.webhook }),
    'GET /rest/v1/webhooks/deliveries': () => {
      const deliveries = state.deliveries ?? [];
      return jsonResponse(200, { data: { deliveries, page: 1, pageSize: 20, total: deliveries.length } });
    },
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const posts = (fake: ReturnType<typeof createFakeFetch>, path: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.url.split('?')[0] === path);

describe('WebhooksPage', () => {
  beforeEach(() => setCsrfToken('csrf-token'));

  it('should save an address, show the check running, then the pass and the secret once', async () => {
    const user = userEvent.setup();
    const state = { webhook: initial() };
    const answer = deferred<Response>();
    const fake = withServer(state, {
      'POST /rest/v1/webhooks': async () => {
        const response = await answer.promise;
        state.webhook = webhook();
        return response;
      },
    });
    renderApp({ path: '/user/webhooks', user: buildCurrentUser() });
    expect(await screen.findByRole('heading', { name: 'Webhooks', level: 1 }, PAGE_LOAD)).toBeVisible();
    expect(await screen.findByTestId('webhook-status')).toHaveTextContent('Not set up');
    // Nothing but the address until there is one.
    expect(screen.queryByRole('form', { name: 'Events' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Delivery log' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'How the check and the deliveries work' })).toBeVisible();

    const form = screen.getByRole('form', { name: 'Your address' });
    await user.click(within(form).getByRole('button', { name: 'Save and check' }));
    expect(await within(form).findByText('Enter the address.')).toBeVisible();
    await user.type(within(form).getByRole('textbox', { name: /Webhook address/ }), 'hooks.example.com');
    await user.click(within(form).getByRole('button', { name: 'Save and check' }));
    expect(await within(form).findByText(/Enter a full address/)).toBeVisible();
    expect(posts(fake, '/rest/v1/webhooks')).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: /Webhook address/ }));
    await user.type(within(form).getByRole('textbox', { name: /Webhook address/ }), URL_);
    await user.click(within(form).getByRole('button', { name: 'Save and check' }));
    expect(await screen.findByTestId('webhook-checking')).toHaveTextContent(
      'we send it a challenge and wait up to 10 seconds',
    );
    expect(posts(fake, '/rest/v1/webhooks')[0]?.body).toEqual({ url: URL_ });

    answer.resolve(jsonResponse(200, { data: { webhook: webhook(), secret: SECRET, check: passed } }));
    const dialog = await screen.findByRole('dialog', { name: 'Your signing secret' });
    expect(within(dialog).getByTestId('webhook-secret')).toHaveTextContent(SECRET);
    expect(dialog).toHaveTextContent('you will not see it again');
    expect(within(dialog).getByRole('button', { name: 'Copy the secret' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);

    expect(screen.queryByTestId('webhook-checking')).toBeNull();
    expect(screen.getByTestId('webhook-check-passed')).toHaveTextContent(
      'Your address answered the challenge: the webhook is on.It answered HTTP 200 in 38 ms.',
    );
    expect(screen.getByTestId('webhook-status')).toHaveTextContent('On');
    expect(screen.getByTestId('webhook-secret-prefix')).toHaveTextContent('whsec_AAAA…');
    expect(screen.getByRole('form', { name: 'Events' })).toBeVisible();
    expect(await screen.findByTestId('webhook-deliveries-empty')).toHaveTextContent(
      'Nothing has been sent yet',
    );
  }, 30_000);

  it('should say why a check failed, keep the webhook off, and turn it on when a new check passes', async () => {
    const user = userEvent.setup();
    const state = { webhook: webhook({ status: 'initial', webhookUrl: null, enabled: false }) };
    const failed: WebhookCheck = {
      passed: false,
      errorKey: 'challenge_mismatch',
      responseStatus: 200,
      latencyMs: 12,
    };
    const fake = withServer(state, {
      'POST /rest/v1/webhooks': () => {
        state.webhook = disabledBy('challenge_mismatch');
        return jsonResponse(200, { data: { webhook: state.webhook, secret: SECRET, check: failed } });
      },
      'POST /rest/v1/webhooks/verify': () => {
        state.webhook = webhook();
        return jsonResponse(200, { data: { webhook: state.webhook, check: passed } });
      },
    });
    renderApp({ path: '/user/webhooks', user: buildCurrentUser() });
    const form = await screen.findByRole('form', { name: 'Your address' }, PAGE_LOAD);
    await user.type(within(form).getByRole('textbox', { name: /Webhook address/ }), URL_);
    await user.click(within(form).getByRole('button', { name: 'Save and check' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'I have copied it' }),
    );

    expect(await screen.findByTestId('webhook-check-failed')).toHaveTextContent(
      'Your address did not pass the check, so the webhook is off: the answer did not carry the challenge in its X-Webhook-Challenge header.',
    );
    expect(screen.getByTestId('webhook-status')).toHaveTextContent('Off');
    // The saved address is checked again as it is (the form starts again from it once saved).
    const saved = screen.getByRole('form', { name: 'Your address' });
    expect(within(saved).getByRole('textbox', { name: /Webhook address/ })).toHaveValue(URL_);
    expect(within(saved).getByRole('button', { name: 'Save and check' })).toBeDisabled();
    await user.click(within(saved).getByRole('button', { name: 'Check again' }));
    expect(await screen.findByTestId('webhook-check-passed')).toBeVisible();
    expect(screen.getByTestId('webhook-status')).toHaveTextContent('On');
    expect(posts(fake, '/rest/v1/webhooks/verify')[0]?.body).toEqual({ url: URL_ });
  }, 30_000);

  it("should show the server's refusal of an address under the field", async () => {
    const user = userEvent.setup();
    withServer(
      { webhook: initial() },
      {
        'POST /rest/v1/webhooks': () =>
          jsonResponse(
            422,
            errorBody('ERROR_INPUT_VALIDATION', 'Invalid input', [
              { field: 'url', message: 'Use an https:// address', code: 'https_required' },
            ]),
          ),
      },
    );
    renderApp({ path: '/user/webhooks', user: buildCurrentUser() });
    const form = await screen.findByRole('form', { name: 'Your address' }, PAGE_LOAD);
    await user.type(
      within(form).getByRole('textbox', { name: /Webhook address/ }),
      'http://hooks.example.com/p2p',
    );
    await user.click(within(form).getByRole('button', { name: 'Save and check' }));
    expect(await within(form).findByText('Public addresses must use https.')).toBeVisible();
    expect(screen.getByTestId('webhook-status')).toHaveTextContent('Not set up');
  }, 30_000);

  it('should explain a webhook turned off by failed deliveries, in Spanish', async () => {
    withServer({ webhook: disabledBy('retries_exhausted') });
    renderApp({ path: '/es/user/webhooks', user: buildCurrentUser() });
    expect(await screen.findByRole('heading', { name: 'Webhooks', level: 1 }, PAGE_LOAD)).toBeVisible();
    expect(await screen.findByTestId('webhook-status')).toHaveTextContent('Desactivado');
    expect(screen.getByTestId('webhook-disabled')).toHaveTextContent(
      'El webhook está desactivado: los envíos fallaron durante un día aproximadamente',
    );
    expect(screen.getByRole('checkbox', { name: /Operación iniciada/ })).toBeChecked();
  }, 30_000);

  it('should send the whole checklist with the unticked event', async () => {
    const user = userEvent.setup();
    const state = { webhook: webhook() };
    const fake = withServer(state, {
      'POST /rest/v1/webhooks/events': (request) => {
        state.webhook = webhook({ events: (request.body as { events: WebhookEvent[] }).events });
        return jsonResponse(200, { data: state.webhook });
      },
    });
    renderApp({ path: '/user/webhooks', user: buildCurrentUser() });
    const form = await screen.findByRole('form', { name: 'Events' }, PAGE_LOAD);
    const save = within(form).getByRole('button', { name: 'Save the events' });
    expect(save).toBeDisabled();
    const paid = within(form).getByRole('checkbox', { name: /Trade paid/ });
    expect(paid).toHaveAccessibleDescription('The buyer marked a trade as paid.');
    await user.click(paid);
    await user.click(save);
    expect(await screen.findByText('Events saved.')).toBeVisible();
    expect(posts(fake, '/rest/v1/webhooks/events')[0]?.body).toEqual({
      events: webhookEventNames.map((name) => ({ name, checked: name !== 'trade.paid' })),
    });
    // The checklist starts again from what the server saved.
    const saved = screen.getByRole('form', { name: 'Events' });
    expect(within(saved).getByRole('checkbox', { name: /Trade paid/ })).not.toBeChecked();
    expect(within(saved).getByRole('checkbox', { name: /Trade started/ })).toBeChecked();
    expect(within(saved).getByRole('button', { name: 'Save the events' })).toBeDisabled();
  }, 30_000);

  it('should rotate the secret and remove the webhook only after a confirmation', async () => {
    const user = userEvent.setup();
    const state = { webhook: webhook() };
    const rotated = `whsec_${'B'.repeat(43)}=`;
    const fake = withServer(state, {
      'POST /rest/v1/webhooks/secret': () => {
        state.webhook = webhook({ secretPrefix: 'whsec_BBBB' });
        return jsonResponse(200, { data: { webhook: state.webhook, secret: rotated } });
      },
      'DELETE /rest/v1/webhooks': () => {
        state.webhook = initial();
        return jsonResponse(200, { data: { deleted: true } });
      },
    });
    renderApp({ path: '/user/webhooks', user: buildCurrentUser() });
    await user.click(await screen.findByRole('button', { name: 'Rotate the secret' }, PAGE_LOAD));
    let dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(dialog).toHaveTextContent('Receivers using the old secret will reject deliveries');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fake, '/rest/v1/webhooks/secret')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rotate the secret' }));
    dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate the secret' }));
    dialog = await screen.findByRole('dialog', { name: 'Your signing secret' });
    expect(within(dialog).getByTestId('webhook-secret')).toHaveTextContent(rotated);
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('webhook-secret-prefix')).toHaveTextContent('whsec_BBBB…');

    await user.click(screen.getByRole('button', { name: 'Remove the webhook' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove the webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove the webhook' }));
    expect(await screen.findByText('The webhook was removed.')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('webhook-status')).toHaveTextContent('Not set up'));
    expect(screen.getByRole('textbox', { name: /Webhook address/ })).toHaveValue('');
    expect(screen.queryByRole('heading', { name: 'Delivery log' })).toBeNull();
  }, 30_000);

  it('should list deliveries, open one, send one again, and say so when the webhook is off', async () => {
    const user = userEvent.setup();
    const state = {
      webhook: webhook(),
      deliveries: [
        delivery(),
        delivery({
          id: 6,
          event: 'trade.paid',
          status: 'failed',
          attempts: 12,
          responseStatus: 500,
          responseExcerpt: 'Internal Server Error',
          errorKey: 'bad_status',
          deliveredAt: null,
          createdAt: '2026-11-21T10:00:00.000Z',
        }),
      ],
    };
    const fake = withServer(state, {
      'POST /rest/v1/webhooks/deliveries/7/resend': () => {
        state.deliveries[0] = delivery({ attempts: 2 });
        return jsonResponse(200, { data: state.deliveries[0] });
      },
      'POST /rest/v1/webhooks/deliveries/6/resend': () =>
        jsonResponse(409, errorBody('WEBHOOK_DISABLED', 'The webhook is disabled')),
    });
    renderApp({ path: '/user/webhooks', user: buildCurrentUser() });
    const log = await screen.findByRole('list', { name: 'Deliveries, newest first' }, PAGE_LOAD);
    const [started, paid] = within(log).getAllByTestId('webhook-delivery');
    expect(started).toHaveTextContent('Trade started');
    expect(within(started!).getByTestId('webhook-delivery-status')).toHaveTextContent('Delivered');
    expect(started).toHaveTextContent('1 attempt · HTTP 200 · 21 ms');
    expect(within(paid!).getByTestId('webhook-delivery-status')).toHaveTextContent('Failed');
    expect(paid).toHaveTextContent('12 attempts · HTTP 500');
    expect(paid).toHaveTextContent('the address answered with an error status instead of 2xx.');

    const details = within(paid!).getByRole('button', { name: /^Details of Trade paid/ });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(within(paid!).getByTestId('webhook-delivery-excerpt')).toHaveTextContent('Internal Server Error');
    expect(within(paid!).getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.click(within(started!).getByRole('button', { name: /^Send again: Trade started/ }));
    expect(await screen.findByText('Sent again.')).toBeVisible();
    await waitFor(() =>
      expect(within(log).getAllByTestId('webhook-delivery-attempts')[0]).toHaveTextContent('2 attempts'),
    );
    expect(posts(fake, '/rest/v1/webhooks/deliveries/7/resend')).toHaveLength(1);

    await user.click(within(paid!).getByRole('button', { name: /^Send again: Trade paid/ }));
    expect(await within(paid!).findByRole('alert')).toHaveTextContent(
      'The webhook is off: check your address again to turn it on before sending again.',
    );
  }, 30_000);

  it('should show an error with a retry when the webhook cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    withServer(
      { webhook: webhook() },
      {
        'GET /rest/v1/webhooks': () =>
          fail
            ? jsonResponse(422, errorBody('ERROR_INPUT_VALIDATION', 'bad'))
            : jsonResponse(200, { data: webhook() }),
      },
    );
    renderApp({ path: '/user/webhooks', user: buildCurrentUser() });
    expect(await screen.findByText('Your webhook could not be loaded.', {}, PAGE_LOAD)).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('webhook-status')).toHaveTextContent('On');
  }, 30_000);
});
