import { HDKey } from '@scure/bip32';
import * as btc from '@scure/btc-signer';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { register, uniqueUsername } from './helpers';

/**
 * Issue 27, a real coin in the browser: the second server of playwright.config.ts runs Bitcoin with
 * CHAIN_BTC=esplora against a regtest node the test drives (apps/server/test/chain/esplora-standalone.ts).
 * The trader is shown an address of the operator's descriptor (no demo notice, no DEMO stamp), the test
 * pays it on the chain, and the open wallet shows the deposit in the mempool, counts its confirmations as
 * blocks are mined and credits it at WALLET_CONFIRMATIONS (2), without a reload. The same page in Spanish
 * on a 320 px phone, alongside.
 */

test.use({ baseURL: process.env.E2E_BTC_URL });

const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };

/** The first `count` receive addresses of the server's deposit descriptor, derived here on their own. */
function descriptorAddresses(count: number): string[] {
  const tpub = /\](tpub\w+)\/0\/\*\)$/.exec(process.env.E2E_BTC_DEPOSIT_DESCRIPTOR ?? '')?.[1];
  if (!tpub) throw new Error('E2E_BTC_DEPOSIT_DESCRIPTOR: see playwright.config.ts');
  const receive = HDKey.fromExtendedKey(tpub, { public: 0x043587cf, private: 0x04358394 }).deriveChild(0);
  return Array.from(
    { length: count },
    (_, i) => btc.p2wpkh(receive.deriveChild(i).publicKey!, REGTEST).address!,
  );
}

/** A request to the regtest node's test control (the miner pays; blocks are mined). */
async function chainControl(path: string, data: object): Promise<Record<string, unknown>> {
  const control = await playwrightRequest.newContext({ baseURL: process.env.E2E_ESPLORA_CONTROL_URL });
  try {
    const answer = await control.post(path, { data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as Record<string, unknown>;
  } finally {
    await control.dispose();
  }
}

const depositRow = (page: Page, txid: string) =>
  page.getByTestId('deposit-list').getByRole('listitem').filter({ hasText: txid });

// The page re-reads the deposits every 10 s and the server's follower its node every second: a change on
// the chain shows within one refresh; the limit leaves room for a slow shared machine.
const ON_CHAIN = { timeout: 30_000 };

/**
 * Playwright waits for the regtest node only; the Bitcoin server it starts boots beside the main server
 * (playwright.config.ts). Waits for it here: bounded, and at once failed if the node has gone (the node
 * stops when that server does: a refused start, its reasons in the run's log).
 */
async function bitcoinServerReady() {
  const probe = await playwrightRequest.newContext();
  const answers = (url: string) =>
    probe.get(url, { timeout: 5_000 }).then(
      (answer) => answer.ok(),
      () => false,
    );
  try {
    const deadline = Date.now() + 150_000;
    while (!(await answers(`${process.env.E2E_BTC_URL}/readyz`))) {
      expect(
        await answers(`${process.env.E2E_ESPLORA_CONTROL_URL}/test/ready`),
        'the regtest node stopped with the CHAIN_BTC=esplora server: its reasons are in the log (stderr)',
      ).toBe(true);
      expect(Date.now(), `the CHAIN_BTC=esplora server at ${process.env.E2E_BTC_URL}`).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await probe.dispose();
  }
}

test.describe('a real Bitcoin deposit (regtest)', () => {
  test.beforeAll(async () => {
    test.setTimeout(160_000);
    await bitcoinServerReady();
  });

  test('should show the descriptor address, then the deposit pending, confirming and credited', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const trader = uniqueUsername('btc');
    await register(page, trader);
    await page.goto('/wallet?tab=deposit&coin=BTC');

    // A real-format regtest address of the operator's descriptor: no demo notice, no DEMO stamp.
    const addressText = page.getByTestId('deposit-address');
    await expect(addressText).toHaveText(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
    const address = (await addressText.textContent())!;
    expect(descriptorAddresses(50)).toContain(address);
    await expect(page.getByRole('img', { name: 'QR code of your BTC deposit address' })).toBeVisible();
    await expect(page.getByTestId('demo-network-notice')).toHaveCount(0);
    await expect(page.getByTestId('demo-address-badge')).toHaveCount(0);
    await expect(page.getByText('Demo', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('deposit-network')).toHaveText('Bitcoin regtest');
    await expect(
      page.getByText(
        'Send only BTC on the Bitcoin regtest network to this address. Anything else sent here is lost.',
      ),
    ).toBeVisible();
    await expect(page.getByText('No BTC deposits yet')).toBeVisible();

    // The same trader on a phone, in Spanish.
    const phoneContext = await browser.newContext({
      viewport: { width: 320, height: 720 },
      storageState: await page.context().storageState(),
    });
    const phone = await phoneContext.newPage();
    await phone.goto('/es/wallet?tab=deposit&coin=BTC');
    await expect(phone.getByTestId('deposit-address')).toHaveText(address);
    await expect(phone.getByText('Aún no hay depósitos de BTC')).toBeVisible();

    // Paid on the chain: in the mempool, 0 of 2 confirmations, incoming (not available) on both pages.
    const { txid } = (await chainControl('/test/pay', { address, amountSats: 1_500_000 })) as {
      txid: string;
    };
    const row = depositRow(page, txid);
    await expect(row).toHaveAttribute('data-status', 'pending', ON_CHAIN);
    await expect(row).toContainText('+0.015 BTC');
    await expect(row).toContainText('Seen by the network, waiting for its first block');
    // The bar is there, empty (a 0 % section has no width: attached, not visible).
    await expect(row.getByRole('progressbar', { name: '0 of 2 confirmations' })).toBeAttached();
    await expect(page.getByTestId('balance-incoming-BTC')).toContainText('0.015 BTC', ON_CHAIN);
    await expect(page.getByTestId('balance-available-BTC')).toHaveText('0.00 BTC');
    const phoneRow = depositRow(phone, txid);
    await expect(phoneRow).toContainText('Pendiente', ON_CHAIN);
    await expect(phoneRow).toContainText('La red lo ha visto; espera su primer bloque');

    // One block: 1 of 2, still pending.
    await chainControl('/test/mine', { blocks: 1 });
    await expect(row).toContainText('1 of 2 confirmations', ON_CHAIN);
    await expect(row).toHaveAttribute('data-status', 'pending');

    // The second: confirmed and credited, the page unreloaded.
    await chainControl('/test/mine', { blocks: 1 });
    await expect(row).toHaveAttribute('data-status', 'confirmed', ON_CHAIN);
    await expect(row).toContainText('Confirmed');
    await expect(row).toContainText('2 of 2 confirmations');
    await expect(page.getByTestId('balance-available-BTC')).toHaveText('0.015 BTC', ON_CHAIN);
    await expect(page.getByTestId('balance-incoming-BTC')).toHaveCount(0);

    // In Spanish at 320 px: confirmed, credited, nothing wider than the screen.
    await expect(phoneRow).toContainText('Confirmado', ON_CHAIN);
    await expect(phoneRow).toContainText('2 de 2 confirmaciones');
    await expect(phone.getByTestId('deposit-network')).toHaveText('Bitcoin regtest');
    await expect(
      phone.getByText(/^Envía a esta dirección solo BTC por la red Bitcoin regtest/),
    ).toBeVisible();
    await expect(phone.getByTestId('demo-network-notice')).toHaveCount(0);
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await phoneContext.close();
  });
});
