import type { AdminDispute } from '@app/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAmountFormat } from '@/features/catalogue';
import { numericClass } from '@/shared/ui/numeric';

type EscrowFields = Pick<
  AdminDispute,
  'escrowAmount' | 'cryptoCode' | 'fiatAmount' | 'fiatCurrencyCode' | 'paymentMethod'
>;

/**
 * What a dispute is about: the escrow at its coin's display precision (every digit on hover), the fiat
 * amount at its currency's, and the payment method (decision 0053: the console showed `250.00000000`).
 */
export function EscrowLine({ dispute }: { dispute: EscrowFields }) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  const escrow = format.cryptoDisplay(dispute.escrowAmount, dispute.cryptoCode);
  return (
    <Text
      size="sm"
      c="dimmed"
      className={numericClass}
      title={escrow.cut ? `${escrow.exact} ${dispute.cryptoCode}` : undefined}
      data-testid="dispute-escrow"
    >
      {t('admin.disputes.escrow', {
        amount: escrow.text,
        code: dispute.cryptoCode,
        fiat: format.fiat(dispute.fiatAmount, dispute.fiatCurrencyCode, { style: 'number' }),
        currency: dispute.fiatCurrencyCode,
        method: dispute.paymentMethod,
      })}
    </Text>
  );
}
