import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Trade } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api';
import { useTradeCommand, type TradeCommand } from '../api/trade-actions';
import { useTradeFormat } from '../hooks/use-trade-format';
import { counterpartyOf } from '../utils/counterparty';
import { ConfirmDialog } from './confirm-dialog';
import { DisputeModal } from './dispute-modal';
import { ReleaseDialog } from './release-dialog';

/** Which dialog is open. Release has two: it moves the crypto for good, so it asks twice. */
type Dialog = 'paid' | 'release' | 'release-final' | 'cancel' | 'dispute' | null;

/**
 * The buttons the viewer may press now (the server lists them in `availableActions`, state machine and
 * guards applied), each behind a confirmation. A refusal (409 wrong status, 403, a guard) is shown
 * here and the trade is re-read, so the page never keeps offering a stale action.
 */
export function TradeActionsCard({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const command = useTradeCommand(trade.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const can = (action: Trade['availableActions'][number]) => trade.availableActions.includes(action);
  const partner = counterpartyOf(trade)?.username ?? '';
  const crypto = format.crypto(trade.buyerReceives, trade.cryptoCurrencyCode);
  const fiat = format.fiat(trade.fiatAmount, trade.currency.code, trade.currency.precision);

  const run = (name: TradeCommand) => {
    command.mutate(name, { onSettled: () => setDialog(null) });
  };

  const buttons = [
    can('mark_paid') ? (
      <Button key="paid" color="teal" onClick={() => setDialog('paid')} data-testid="action-paid">
        {t('trades.actions.markPaid')}
      </Button>
    ) : null,
    can('release') ? (
      <Button key="release" color="teal" onClick={() => setDialog('release')} data-testid="action-release">
        {t('trades.actions.release')}
      </Button>
    ) : null,
    can('open_dispute') ? (
      <Button
        key="dispute"
        color="orange"
        variant="light"
        onClick={() => setDialog('dispute')}
        data-testid="action-dispute"
      >
        {t('trades.actions.dispute')}
      </Button>
    ) : null,
    can('cancel') ? (
      <Button
        key="cancel"
        color="red"
        variant="subtle"
        onClick={() => setDialog('cancel')}
        data-testid="action-cancel"
      >
        {t('trades.actions.cancel')}
      </Button>
    ) : null,
  ].filter(Boolean);

  const disputeLater =
    !can('open_dispute') && trade.status === 'paid' && !trade.dispute.available && trade.dispute.availableAt;

  if (buttons.length === 0 && !disputeLater && !command.isError) return null;

  return (
    <Paper withBorder radius="md" p="md" data-testid="trade-actions">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('trades.actions.title')}
        </Title>
        {buttons.length > 0 ? <Group gap="sm">{buttons}</Group> : null}
        {disputeLater && trade.dispute.availableAt ? (
          <Text size="sm" c="dimmed">
            {t('trades.actions.disputeAvailableAt', {
              time: format.fromSeconds(trade.dispute.availableAt.timestamp),
            })}
          </Text>
        ) : null}
        {command.isError ? (
          <Alert color="red" variant="light" role="alert" data-testid="action-error">
            {isApiError(command.error) ? command.error.message : t('common.unexpectedError')}
          </Alert>
        ) : null}
      </Stack>

      <ConfirmDialog
        opened={dialog === 'paid'}
        title={t('trades.actions.paidTitle')}
        confirmLabel={t('trades.actions.paidConfirm')}
        confirmColor="teal"
        pending={command.isPending}
        onConfirm={() => run('paid')}
        onClose={() => setDialog(null)}
      >
        {t('trades.actions.paidText', { fiat, method: trade.paymentMethod.name.localized })}
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog === 'release'}
        title={t('trades.actions.releaseTitle')}
        confirmLabel={t('trades.actions.releaseContinue')}
        confirmColor="teal"
        onConfirm={() => setDialog('release-final')}
        onClose={() => setDialog(null)}
      >
        {t('trades.actions.releaseText', { crypto, partner, fiat })}
      </ConfirmDialog>

      <ReleaseDialog
        hash={trade.id}
        opened={dialog === 'release-final'}
        text={t('trades.actions.releaseFinalText', { crypto, partner })}
        onClose={() => setDialog(null)}
      />

      <ConfirmDialog
        opened={dialog === 'cancel'}
        title={t('trades.actions.cancelTitle')}
        confirmLabel={t('trades.actions.cancelConfirm')}
        confirmColor="red"
        pending={command.isPending}
        onConfirm={() => run('cancel')}
        onClose={() => setDialog(null)}
      >
        {trade.role === 'buyer' ? t('trades.actions.cancelTextBuyer') : t('trades.actions.cancelTextSeller')}
      </ConfirmDialog>

      <DisputeModal trade={trade} opened={dialog === 'dispute'} onClose={() => setDialog(null)} />
    </Paper>
  );
}
