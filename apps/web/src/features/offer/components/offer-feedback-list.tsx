import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { useOfferFeedback } from '../api/get-offer-feedback';
import classes from './offer.module.css';
import { LoadMore } from '@/shared/ui/load-more';

/**
 * The feedback the offer received (spec: offer feedback list with load more). The first page replaces,
 * "load more" appends; a failed first load and a failed "load more" are told apart (spec section 8): the
 * first shows an error state with a retry instead of the list, the second keeps the list and retries from
 * the button.
 */
export function OfferFeedbackList({ hash }: { hash: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useOfferFeedback(hash);
  const first = query.data?.pages[0];
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="offer-feedback">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">
            {t('offer.feedback.title')}
          </Title>
          {first ? (
            <Group gap={6}>
              <Badge color="teal" variant="light" data-testid="feedback-positive">
                {t('offer.feedback.positive', { count: first.positiveCount })}
              </Badge>
              <Badge color="red" variant="light" data-testid="feedback-negative">
                {t('offer.feedback.negative', { count: first.negativeCount })}
              </Badge>
            </Group>
          ) : null}
        </Group>

        {query.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={56} radius="md" />
            <Skeleton height={56} radius="md" />
          </Stack>
        ) : query.isError && !query.data ? (
          <ErrorState message={t('offer.feedback.loadError')} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="feedback-empty">
            {t('offer.feedback.empty')}
          </Text>
        ) : (
          <>
            <Stack gap="sm" data-testid="feedback-items">
              {items.map((item, index) => (
                <Paper
                  key={`${item.createdAt}-${index}`}
                  withBorder
                  radius="md"
                  p="sm"
                  data-testid="feedback-item"
                >
                  <Group justify="space-between" gap="xs" mb={4}>
                    <Group gap="xs">
                      <Badge color={item.rating === 'positive' ? 'teal' : 'red'} variant="light" size="sm">
                        {item.rating === 'positive'
                          ? t('offer.feedback.ratingPositive')
                          : t('offer.feedback.ratingNegative')}
                      </Badge>
                      <Text size="sm" fw={600}>
                        {item.author.username}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {date.format(new Date(item.createdAt))}
                    </Text>
                  </Group>
                  {item.message ? (
                    <Text size="sm" className={classes.terms}>
                      {item.message}
                    </Text>
                  ) : null}
                  {item.reply ? (
                    <Text size="sm" c="dimmed" mt={6} className={classes.terms}>
                      {t('offer.feedback.reply', { reply: item.reply })}
                    </Text>
                  ) : null}
                </Paper>
              ))}
            </Stack>
            <LoadMore
              query={query}
              label={t('offer.feedback.loadMore')}
              errorText={t('offer.feedback.loadMoreError')}
              testId="feedback-load-more"
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
