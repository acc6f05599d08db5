import { CHARGEBACK_DESCRIPTION_MAX, type Trade } from '@app/contract';
import { Button, Group, Modal, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useReportChargeback } from '../api/chargeback';
import { FormError } from '@/shared/ui/form-error';

type Fields = { chargeback_date?: string; amount?: string; description?: string; form?: string };

/**
 * Chargebacks on a completed trade (spec: chargeback modal): the seller reports that the buyer's bank
 * reversed the payment; the status (Pending, Dismissed, Confirmed) shows on the trade for both parties.
 * On a failure the server's detail list is shown, or the user is told to contact support.
 */
export function ChargebackCard({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const report = useReportChargeback(trade.id);
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState({ chargeback_date: '', amount: trade.fiatAmount, description: '' });
  const [errors, setErrors] = useState<Fields>({});
  const completedForBuyer = trade.status === 'released' || trade.status === 'dispute_won_buyer';
  const mayReport = trade.role === 'seller' && completedForBuyer && trade.chargeback === null;
  if (!trade.chargeback && !mayReport) return null;

  const submit = async () => {
    try {
      await report.mutateAsync(values);
      setOpened(false);
    } catch (error) {
      const next: Fields = {};
      if (isApiError(error) && error.details.length > 0) {
        for (const detail of error.details) next[detail.field as keyof Fields] = detail.message;
        if (!next.chargeback_date && !next.amount && !next.description) {
          next.form = error.details.map((d) => d.message).join(' ');
        }
      } else {
        next.form =
          isApiError(error) && error.status < 500 ? errorText(error) : t('trades.chargeback.contactSupport');
      }
      setErrors(next);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="chargeback-card">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('trades.chargeback.title')}
        </Title>
        {trade.chargeback ? (
          <Text size="sm" data-testid="chargeback-status">
            {t(`trades.chargeback.status.${trade.chargeback.status}`)}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('trades.chargeback.explain')}
            </Text>
            <Button
              variant="light"
              color="red"
              onClick={() => setOpened(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('trades.chargeback.report')}
            </Button>
          </>
        )}
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('trades.chargeback.report')} centered>
        <Stack gap="sm">
          <FormError message={errors.form} />
          <TextInput
            type="date"
            label={t('trades.chargeback.date')}
            value={values.chargeback_date}
            onChange={(event) => setValues({ ...values, chargeback_date: event.currentTarget.value })}
            error={errors.chargeback_date}
            withAsterisk
          />
          <TextInput
            label={t('trades.chargeback.amount', { currency: trade.currency.code })}
            value={values.amount}
            inputMode="decimal"
            onChange={(event) => setValues({ ...values, amount: event.currentTarget.value })}
            error={errors.amount}
            withAsterisk
          />
          <Textarea
            label={t('trades.chargeback.description')}
            value={values.description}
            onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
            error={errors.description}
            maxLength={CHARGEBACK_DESCRIPTION_MAX}
            autosize
            minRows={3}
            withAsterisk
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void submit()} loading={report.isPending}>
              {t('trades.chargeback.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
