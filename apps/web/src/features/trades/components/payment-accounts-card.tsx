import { routingLabelOf, type Trade, type TradePaymentAccount } from '@app/contract';
import { Alert, Badge, Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '@/shared/ui/icons';

type BankAccount = Extract<TradePaymentAccount, { kind: 'bank' }>;
type MobileMoneyWallet = Extract<TradePaymentAccount, { kind: 'mobileMoney' }>;
/** The row labels (`trades.paymentAccounts.*`); the routing number's is the country's own name for it. */
type RowLabel =
  | 'holder'
  | 'bank'
  | 'bankAccount'
  | 'accountNumber'
  | 'iban'
  | 'clabe'
  | 'ifsc'
  | 'swiftCode'
  | 'additionalInfo'
  | 'provider'
  | 'phone'
  | ReturnType<typeof routingLabelOf>;

/** A UK sort code as people write it (60-16-13); stored as six digits. Anything else as stored. */
function displayRoutingNumber(countryCode: string, value: string): string {
  return countryCode.toUpperCase() === 'GB' && /^\d{6}$/.test(value)
    ? `${value.slice(0, 2)}-${value.slice(2, 4)}-${value.slice(4)}`
    : value;
}

/** One labelled value of an account; numbers get a copy button (the copy is the value as stored). */
function DetailRow({
  label,
  value,
  display,
  copyable = false,
  testId,
}: {
  label: string;
  value: string;
  display?: string;
  copyable?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  // dl > div > (dt, dd) keeps the list valid; the copy button belongs to the value.
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Group component="dd" m={0} justify="space-between" align="center" gap="xs" wrap="nowrap">
        <Text
          size="sm"
          fw={500}
          ff={copyable ? 'monospace' : undefined}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 0 }}
          data-testid={testId}
        >
          {display ?? value}
        </Text>
        {copyable ? (
          <CopyButton value={value} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                size="compact-xs"
                variant={copied ? 'light' : 'default'}
                color={copied ? 'teal' : undefined}
                onClick={copy}
                aria-label={
                  copied
                    ? t('trades.paymentAccounts.copied', { field: label })
                    : t('trades.paymentAccounts.copy', { field: label })
                }
                style={{ flexShrink: 0 }}
              >
                {copied ? t('trades.paymentAccounts.copiedShort') : t('trades.paymentAccounts.copyShort')}
              </Button>
            )}
          </CopyButton>
        ) : null}
      </Group>
    </div>
  );
}

/** An account's header and rows, as one labelled group (several accounts repeat the same labels). */
function AccountBox({
  name,
  badges,
  testId,
  children,
}: {
  name: string;
  badges: string[];
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="sm" p="sm" role="group" aria-label={name} data-testid={testId}>
      <Stack gap={6}>
        <Group gap={6}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          {badges.map((badge) => (
            <Badge key={badge} size="xs" variant="light" color="gray">
              {badge}
            </Badge>
          ))}
        </Group>
        <Stack component="dl" gap={6} m={0}>
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * A bank account: holder, bank, account number (or IBAN, or CLABE, when that is what the number is),
 * the national routing code under its own name (sort code, routing number, BIK, IFSC), SWIFT/BIC and the
 * seller's additional information.
 */
function BankAccountDetails({ account }: { account: BankAccount }) {
  const { t } = useTranslation();
  const label = (key: RowLabel) => t(`trades.paymentAccounts.${key}`);
  const routingKey = routingLabelOf(account.countryCode);
  const numberKey: RowLabel =
    account.clabe !== null && account.clabe === account.accountNumber
      ? 'clabe'
      : account.iban !== null && account.iban === account.accountNumber
        ? 'iban'
        : 'accountNumber';
  // India's IFSC may come as the routing number too: shown once.
  const ifscIsRouting = routingKey === 'ifsc' && account.routingNumber === account.ifsc;
  return (
    <AccountBox
      name={account.bankName || label('bankAccount')}
      badges={[account.countryCode, account.fiatCurrencyCode]}
      testId="payment-account-bank"
    >
      <DetailRow label={label('holder')} value={account.holderName} testId="account-holder" />
      {account.bankName ? <DetailRow label={label('bank')} value={account.bankName} /> : null}
      {account.accountNumber ? (
        <DetailRow label={label(numberKey)} value={account.accountNumber} copyable testId="account-number" />
      ) : null}
      {account.iban !== null && numberKey !== 'iban' ? (
        <DetailRow label={label('iban')} value={account.iban} copyable testId="account-iban" />
      ) : null}
      {account.routingNumber !== null ? (
        <DetailRow
          label={label(routingKey)}
          value={account.routingNumber}
          display={displayRoutingNumber(account.countryCode, account.routingNumber)}
          copyable
          testId="account-routing"
        />
      ) : null}
      {account.ifsc !== null && !ifscIsRouting ? (
        <DetailRow label={label('ifsc')} value={account.ifsc} copyable />
      ) : null}
      {account.clabe !== null && numberKey !== 'clabe' ? (
        <DetailRow label={label('clabe')} value={account.clabe} copyable />
      ) : null}
      {account.swiftCode !== null ? (
        <DetailRow label={label('swiftCode')} value={account.swiftCode} copyable />
      ) : null}
      {account.additionalInfo ? (
        <DetailRow label={label('additionalInfo')} value={account.additionalInfo} />
      ) : null}
    </AccountBox>
  );
}

/** A mobile money wallet: provider, phone number (E.164) and the name on the wallet. */
function WalletDetails({ wallet }: { wallet: MobileMoneyWallet }) {
  const { t } = useTranslation();
  const label = (key: RowLabel) => t(`trades.paymentAccounts.${key}`);
  return (
    <AccountBox name={wallet.paymentMethodName} badges={[wallet.countryCode]} testId="payment-account-wallet">
      <DetailRow label={label('provider')} value={wallet.paymentMethodName} />
      <DetailRow label={label('phone')} value={wallet.phoneNumber} copyable testId="wallet-phone" />
      <DetailRow label={label('holder')} value={wallet.holderName} testId="wallet-holder" />
    </AccountBox>
  );
}

/**
 * Where the buyer pays (decision 0034): the seller's bank accounts and mobile money wallets the offer
 * listed, as copied onto the trade at its start. Nothing while the server withholds them (null: the
 * payment details card says why) or when the offer listed none.
 */
export function PaymentAccountsCard({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const accounts = trade.paymentAccounts;
  if (!accounts || accounts.length === 0) return null;
  const isBuyer = trade.role === 'buyer';
  return (
    <Stack gap="xs" data-testid="payment-accounts">
      <Title order={3} size="h5">
        {isBuyer ? t('trades.paymentAccounts.titleBuyer') : t('trades.paymentAccounts.titleSeller')}
      </Title>
      {isBuyer ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle />} p="xs">
          <Text size="sm">{t('trades.paymentAccounts.buyerNote')}</Text>
        </Alert>
      ) : null}
      {accounts.map((account, index) =>
        account.kind === 'bank' ? (
          <BankAccountDetails key={index} account={account} />
        ) : (
          <WalletDetails key={index} wallet={account} />
        ),
      )}
    </Stack>
  );
}
