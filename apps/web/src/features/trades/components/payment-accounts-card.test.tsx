import type { TradePaymentAccount } from '@app/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { buildTrade } from '../testing/trade-fixtures';
import { PaymentDetailsCard } from './payment-details-card';

const natWest: TradePaymentAccount = {
  kind: 'bank',
  holderName: 'Sally Seller',
  isPersonal: true,
  bankName: 'NatWest',
  countryCode: 'GB',
  fiatCurrencyCode: 'GBP',
  accountNumber: '31926819',
  iban: 'GB29NWBK60161331926819',
  routingNumber: '601613',
  swiftCode: null,
  ifsc: null,
  clabe: null,
  additionalInfo: 'Reference: the trade hash',
};

const mtn: TradePaymentAccount = {
  kind: 'mobileMoney',
  holderName: 'Sally Seller',
  paymentMethodName: 'MTN Mobile Money',
  countryCode: 'GH',
  phoneNumber: '+233241234567',
};

/** The payment details card (where the accounts show) on its own, in the app's providers. */
function renderCard(trade: ReturnType<typeof buildTrade>) {
  return renderApp({ routes: [{ path: '/', element: <PaymentDetailsCard trade={trade} /> }] });
}

describe('PaymentAccountsCard', () => {
  it('should show the buyer a UK bank account with its sort code, the warning, and copy its numbers', async () => {
    renderCard(buildTrade({ paymentAccounts: [natWest] }));
    const user = userEvent.setup();

    const account = await screen.findByRole('group', { name: 'NatWest' });
    expect(
      screen.getByText('Pay only into these accounts, from an account in your name.'),
    ).toBeInTheDocument();
    expect(within(account).getByTestId('account-holder')).toHaveTextContent('Sally Seller');
    expect(within(account).getByTestId('account-number')).toHaveTextContent('31926819');
    expect(within(account).getByTestId('account-iban')).toHaveTextContent('GB29NWBK60161331926819');
    // The UK's routing number is a sort code, written the UK way.
    expect(within(account).getByText('Sort code')).toBeInTheDocument();
    expect(within(account).queryByText('Routing number')).not.toBeInTheDocument();
    expect(within(account).getByTestId('account-routing')).toHaveTextContent('60-16-13');
    expect(within(account).getByText('Reference: the trade hash')).toBeInTheDocument();

    await user.click(within(account).getByRole('button', { name: 'Copy Account number' }));
    expect(await navigator.clipboard.readText()).toBe('31926819');
    expect(within(account).getByRole('button', { name: 'Account number copied' })).toHaveTextContent(
      'Copied',
    );
    await user.click(within(account).getByRole('button', { name: 'Copy Sort code' }));
    expect(await navigator.clipboard.readText()).toBe('601613');
  });

  it('should label the routing number by country: routing number (US), BIK (RU), IFSC (IN), CLABE (MX)', async () => {
    const bank = (overrides: Partial<Extract<TradePaymentAccount, { kind: 'bank' }>>) => ({
      ...(natWest as Extract<TradePaymentAccount, { kind: 'bank' }>),
      iban: null,
      routingNumber: null,
      additionalInfo: '',
      ...overrides,
    });
    renderCard(
      buildTrade({
        paymentAccounts: [
          bank({ bankName: 'Chase', countryCode: 'US', routingNumber: '021000021', swiftCode: 'CHASUS33' }),
          bank({ bankName: 'Sberbank', countryCode: 'RU', routingNumber: '044525225' }),
          bank({ bankName: 'HDFC', countryCode: 'IN', ifsc: 'HDFC0000001' }),
          bank({
            bankName: 'BBVA',
            countryCode: 'MX',
            accountNumber: '032180000118359719',
            clabe: '032180000118359719',
          }),
        ],
      }),
    );
    const labels = (name: string) =>
      within(screen.getByRole('group', { name }))
        .getAllByRole('term')
        .map((term) => term.textContent);
    await screen.findByRole('group', { name: 'Chase' });
    expect(labels('Chase')).toEqual([
      'Account holder',
      'Bank',
      'Account number',
      'Routing number',
      'SWIFT / BIC',
    ]);
    expect(labels('Sberbank')).toContain('BIK');
    expect(labels('HDFC')).toEqual(['Account holder', 'Bank', 'Account number', 'IFSC']);
    // Mexico's CLABE is the account number: one row, under its own name.
    expect(labels('BBVA')).toEqual(['Account holder', 'Bank', 'CLABE']);
  });

  it('should show a SEPA account at a bank without a name as a bank account with its IBAN', async () => {
    const iban = 'AT611904300234573201';
    renderCard(
      buildTrade({
        paymentAccounts: [
          {
            ...natWest,
            bankName: '',
            countryCode: 'AT',
            fiatCurrencyCode: 'EUR',
            accountNumber: iban,
            iban,
            routingNumber: null,
          },
        ],
      }),
    );
    const account = await screen.findByRole('group', { name: 'Bank account' });
    expect(within(account).queryByText('Bank')).not.toBeInTheDocument();
    expect(within(account).getByText('IBAN')).toBeInTheDocument();
    expect(within(account).getByTestId('account-number')).toHaveTextContent(iban);
  });

  it('should show a mobile money wallet with its provider, phone and holder', async () => {
    renderCard(buildTrade({ paymentAccounts: [mtn] }));
    const user = userEvent.setup();
    const wallet = await screen.findByRole('group', { name: 'MTN Mobile Money' });
    expect(within(wallet).getByTestId('wallet-phone')).toHaveTextContent('+233241234567');
    expect(within(wallet).getByTestId('wallet-holder')).toHaveTextContent('Sally Seller');
    await user.click(within(wallet).getByRole('button', { name: 'Copy Phone number' }));
    expect(await navigator.clipboard.readText()).toBe('+233241234567');
  });

  it('should show the seller their own accounts without the buyer’s warning', async () => {
    renderCard(buildTrade({ role: 'seller', isVendor: true, paymentAccounts: [natWest] }));
    expect(await screen.findByText('Your accounts the buyer pays into')).toBeInTheDocument();
    expect(screen.queryByText(/Pay only into these accounts/)).not.toBeInTheDocument();
  });

  it('should show nothing while they are withheld, nor when the offer listed none', async () => {
    renderCard(
      buildTrade({
        paymentDetails: null,
        paymentAccounts: null,
        flow: {
          type: 'default',
          step: 'beforeRevealPaymentDetails',
          state: { beforeRevealPaymentDetails: [], beforeMarkAsPaid: [] },
        },
      }),
    );
    expect(await screen.findByTestId('payment-details-hidden')).toHaveTextContent(
      "The seller's payment details appear once the steps below are done.",
    );
    expect(screen.queryByTestId('payment-accounts')).not.toBeInTheDocument();
  });

  it('should not call the details missing when the offer gives accounts but no text', async () => {
    renderCard(buildTrade({ paymentDetails: '', paymentAccounts: [mtn] }));
    expect(await screen.findByTestId('payment-accounts')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-details-hidden')).not.toBeInTheDocument();
  });
});
