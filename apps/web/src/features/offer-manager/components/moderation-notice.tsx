import type { MyOffer } from '@app/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offerStatusResultSchema } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { apiClient, useApiErrorText } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { offerManagerKeys } from '../api/query-keys';

/**
 * What a moderator decided about one of my offers: their note, a rejection (edit the offer to switch it
 * on again), or a system penalty (`offer_has_cancelled_by_system_penalty`) with its end and, once it has
 * passed, the reset (`PUT /rest/v1/my-offers/{hash}/reset-penalty`).
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
  if (!offer.penalty && offer.moderationStatus !== 2 && !offer.moderatorNote) return null;
  const until = offer.penalty
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(offer.penalty.until),
      )
    : '';
  return (
    <Alert
      color={offer.penalty || offer.moderationStatus === 2 ? 'red' : 'blue'}
      variant="light"
      data-testid={`my-offer-moderation-${offer.idHashed}`}
    >
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {offer.penalty
            ? t('offerManager.moderation.penalty', { until })
            : offer.moderationStatus === 2
              ? t('offerManager.moderation.rejected')
              : t('offerManager.moderation.note')}
        </Text>
        {offer.moderatorNote ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {offer.moderatorNote}
          </Text>
        ) : null}
        {offer.penalty?.resettable ? (
          <Button
            size="xs"
            onClick={() => reset.mutate()}
            loading={reset.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('offerManager.moderation.reset')}
          </Button>
        ) : null}
        {reset.isError ? (
          <Text size="sm" c="red" role="alert">
            {errorText(reset.error)}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
