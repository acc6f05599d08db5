import { Divider, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CryptoAmount } from './amount';
import classes from './wallet.module.css';

export type FeeBreakdown = {
  code: string;
  decimals: number;
  /** The valid amount typed, or null while it is not one. */
  amount: string | null;
  /** `"0"` for a transfer to another user. */
  fee: string;
  /** amount + fee, or null while the amount is not valid. */
  total: string | null;
  internal: boolean;
  network: string;
};

/** What a withdrawal costs, live as the amount is typed: amount, network fee, total debited. */
export function FeePreview({ breakdown }: { breakdown: FeeBreakdown }) {
  const { t } = useTranslation();
  const { code, amount, fee, total, internal, network } = breakdown;
  const value = (text: string | null, testId: string, strong = false) =>
    text === null ? (
      <Text span c="dimmed" data-testid={testId}>
        —
      </Text>
    ) : (
      <CryptoAmount
        amount={text}
        code={code}
        alwaysVisible
        exact
        fw={strong ? 700 : 500}
        fz={strong ? 'lg' : 'sm'}
        data-testid={testId}
      />
    );
  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-default-hover)" aria-live="polite">
      <Stack gap={8}>
        <div className={classes.previewRow}>
          <Text size="sm">
            {internal ? t('wallet.withdraw.recipientGets') : t('wallet.withdraw.youSend')}
          </Text>
          {value(amount, 'preview-amount')}
        </div>
        <div className={classes.previewRow}>
          <Text size="sm">
            {internal ? t('wallet.withdraw.feeInternal') : t('wallet.withdraw.networkFee', { network })}
          </Text>
          {value(fee, 'preview-fee')}
        </div>
        <Divider />
        <div className={classes.previewRow}>
          <Text size="sm" fw={700}>
            {t('wallet.withdraw.totalDebited')}
          </Text>
          {value(total, 'preview-total', true)}
        </div>
      </Stack>
    </Paper>
  );
}
