import type { AdminOfferAppeal } from '@app/contract';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useDecideOfferAppeal } from '../api/offer-appeals';
import { AppealDecision } from './appeal-decision';

/**
 * An owner's appeal against the rejection of their offer: the offer, who rejected it and what the owner
 * was told, the owner's words, and (while it waits) uphold or reject with a reason after saying what
 * each does to the offer.
 */
export function OfferAppealRow({ appeal }: { appeal: AdminOfferAppeal }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const decide = useDecideOfferAppeal(appeal.id);
  return (
    <Paper withBorder radius="md" p="md" data-testid="offer-appeal-row">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={localize(`/offer/${appeal.offer.hash}`)} fw={600}>
            {appeal.offer.hash}
          </Anchor>
          <Badge variant="light" color={appeal.status === 'appealed' ? 'orange' : 'gray'}>
            {t(`admin.offerAppeals.tabs.${appeal.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('admin.offerAppeals.who', {
            owner: appeal.owner,
            moderator: appeal.rejection.moderator ?? t('admin.audit.operator'),
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('admin.reports.offer', {
            side: appeal.offer.type,
            code: appeal.offer.cryptoCode,
            currency: appeal.offer.fiatCurrencyCode,
            method: appeal.offer.paymentMethod,
          })}
        </Text>
        {appeal.rejection.note ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.offerAppeals.note', { note: appeal.rejection.note })}
          </Text>
        ) : null}
        {appeal.offer.terms ? (
          <Text size="xs" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {appeal.offer.terms}
          </Text>
        ) : null}
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {appeal.text}
        </Text>
        <AppealDecision
          appeal={appeal}
          appellant={appeal.owner}
          danger="reject"
          doneMessage={t('admin.offerAppeals.done')}
          effect={(outcome) => t(`admin.offerAppeals.effect.${outcome}`)}
          onDecide={(outcome, reason) => decide.mutateAsync({ outcome, reason })}
        />
      </Stack>
    </Paper>
  );
}
