import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Trade } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { PaymentAccountsCard } from './payment-accounts-card';
import { TermsText } from './terms-text';

/**
 * Where the buyer sends the money (the offer owner's instructions and the accounts the offer listed) and
 * the offer's terms. The server withholds both until the flow reveals them; the card says why they are
 * missing. Web addresses in them are links whose opening is recorded (TermsText).
 */
export function PaymentDetailsCard({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('trades.payment.title')}
        </Title>
        {trade.paymentDetails ? (
          <TermsText tradeHash={trade.id} text={trade.paymentDetails} data-testid="payment-details" />
        ) : trade.paymentAccounts?.length ? null : (
          <Text size="sm" c="dimmed" data-testid="payment-details-hidden">
            {trade.flow.step === 'beforeRevealPaymentDetails'
              ? t('trades.payment.hiddenUntilRequirements')
              : t('trades.payment.none')}
          </Text>
        )}
        <PaymentAccountsCard trade={trade} />
        {trade.offer.terms ? (
          <>
            <Text size="sm" fw={600}>
              {t('trades.payment.terms')}
            </Text>
            <TermsText tradeHash={trade.id} text={trade.offer.terms} c="dimmed" data-testid="offer-terms" />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
