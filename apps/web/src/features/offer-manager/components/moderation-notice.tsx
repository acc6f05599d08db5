import type { MyOffer } from '@app/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offerStatusResultSchema } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient, useApiErrorText } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { offerManagerKeys } from '../api/query-keys';
import { OfferAppealDialog } from './offer-appeal-dialog';

/** Which of the owner's moderation situations an offer is in (decision 0023). */
function situationOf(offer: MyOffer) {
  if (offer.moderationStatus === 4) return 'appealed';
  if (offer.moderationStatus === 3) return 'appealRejected';
  if (offer.penalty) return 'penalty';
  if (offer.moderationStatus === 2) return 'rejected';
  if (offer.appeal?.status === 'upheld') return 'appealUpheld';
  return offer.moderatorNote ? 'note' : null;
}

/**
 * What a moderator decided about one of my offers: their note, a rejection (edit the offer to switch it
 * on again, or appeal it), or a system penalty (`offer_has_cancelled_by_system_penalty`) with its end and,
 * once it has passed, the reset (`PUT /rest/v1/my-offers/{hash}/reset-penalty`); then the appeal's
 * progress: waiting, turned down (no further appeal), or upheld.
 */
export function ModerationNotice({ offer }: { offer: MyOffer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: () =>
      apiClient.put(`/rest/v1/my-offers/${encodeURIComponent(offer.idHashed)}/reset-penalty`, {
        schema: offerStatusResultSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerManagerKeys.lists() }),
  });
  const [appealing, setAppealing] = useState(false);
  const situation = situationOf(offer);
  if (!situation) return null;
  const until = offer.penalty
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(offer.penalty.until),
      )
    : '';
  const color =
    situation === 'note' || situation === 'appealUpheld'
      ? 'blue'
      : situation === 'appealed'
        ? 'orange'
        : 'red';
  return (
    <Alert color={color} variant="light" data-testid={`my-offer-moderation-${offer.idHashed}`}>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t(`offerManager.moderation.${situation}`, { until })}
        </Text>
        {offer.penalty && situation !== 'penalty' ? (
          <Text size="sm">{t('offerManager.moderation.penalty', { until })}</Text>
        ) : null}
        {offer.moderatorNote ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {offer.moderatorNote}
          </Text>
        ) : null}
        {situation === 'appealed' && offer.appeal ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {t('offerManager.moderation.yourAppeal', { text: offer.appeal.text })}
          </Text>
        ) : null}
        <Group gap="xs">
          {situation === 'rejected' || situation === 'penalty' ? (
            <Button size="xs" variant="default" onClick={() => setAppealing(true)}>
              {t('offerManager.moderation.appeal.open')}
            </Button>
          ) : null}
          {offer.penalty?.resettable ? (
            <Button size="xs" onClick={() => reset.mutate()} loading={reset.isPending}>
              {t('offerManager.moderation.reset')}
            </Button>
          ) : null}
        </Group>
        {reset.isError ? (
          <Text size="sm" c="red" role="alert">
            {errorText(reset.error)}
          </Text>
        ) : null}
      </Stack>
      {appealing ? <OfferAppealDialog hash={offer.idHashed} onClose={() => setAppealing(false)} /> : null}
    </Alert>
  );
}
