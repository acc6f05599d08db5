import type { FeedbackRating } from '@app/contract';
import {
  Anchor,
  Avatar,
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { numericClass } from '@/shared/ui/numeric';
import { useUserFeedback } from '../api/get-user-feedback';
import { LoadMore } from '@/shared/ui/load-more';

const FILTERS = ['all', 'positive', 'negative'] as const;
type Filter = (typeof FILTERS)[number];
const isFilter = (value: string): value is Filter => (FILTERS as readonly string[]).includes(value);

/** Words may run long without spaces (a pasted reference): they wrap rather than widen the page. */
const textStyle = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

/**
 * The feedback the trader received (rating, comment, who left it and when, the trader's reply), newest
 * first, 10 at a time with "load more", filtered to all, positive or negative. As on the offer page, a
 * failed first load shows an error with a retry instead of the list, and a failed "load more" keeps the
 * list and retries from the button.
 */
export function ProfileFeedbackList({ username }: { username: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const [filter, setFilter] = useState<Filter>('all');
  const rating: FeedbackRating | null = filter === 'all' ? null : filter;
  const query = useUserFeedback(username, rating, true);
  const first = query.data?.pages[0];
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="profile-feedback-title"
      data-testid="profile-feedback-list"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="profile-feedback-title">
            {t('profile.feedbackList.title')}
          </Title>
          {first ? (
            <Group gap={6}>
              <Badge color="teal" variant="light" className={numericClass}>
                {t('profile.feedbackPositive', { count: first.positiveCount })}
              </Badge>
              <Badge color="red" variant="light" className={numericClass}>
                {t('profile.feedbackNegative', { count: first.negativeCount })}
              </Badge>
            </Group>
          ) : null}
        </Group>

        <SegmentedControl
          value={filter}
          onChange={(value) => isFilter(value) && setFilter(value)}
          data={FILTERS.map((value) => ({ value, label: t(`profile.feedbackList.filters.${value}`) }))}
          aria-label={t('profile.feedbackList.filterLabel')}
          size="xs"
          w="fit-content"
          maw="100%"
        />

        {query.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={64} radius="md" />
            <Skeleton height={64} radius="md" />
          </Stack>
        ) : query.isError && !query.data ? (
          <ErrorState message={t('profile.feedbackList.loadError')} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="profile-feedback-empty">
            {t(`profile.feedbackList.empty.${filter}`, { username })}
          </Text>
        ) : (
          <>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((item, index) => (
                <Paper
                  key={`${item.createdAt}-${item.author.username}-${index}`}
                  component="li"
                  withBorder
                  radius="md"
                  p="sm"
                  data-testid="profile-feedback-item"
                >
                  <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
                    <Group gap="xs" wrap="nowrap" miw={0}>
                      <Avatar
                        src={item.author.avatarUrl}
                        name={item.author.username}
                        color="initials"
                        size={28}
                        radius="xl"
                        alt=""
                      />
                      <Anchor
                        component={Link}
                        to={localize(`/user/${encodeURIComponent(item.author.username)}`)}
                        size="sm"
                        fw={600}
                        truncate="end"
                      >
                        {item.author.username}
                      </Anchor>
                      <Badge color={item.rating === 'positive' ? 'teal' : 'red'} variant="light" size="sm">
                        {t(`profile.feedbackList.rating.${item.rating}`)}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed" component="time" dateTime={item.createdAt}>
                      {date.format(new Date(item.createdAt))}
                    </Text>
                  </Group>
                  {item.message ? (
                    <Text size="sm" style={textStyle}>
                      {item.message}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed" fs="italic">
                      {t('profile.feedbackList.noComment')}
                    </Text>
                  )}
                  {item.reply ? (
                    <Text size="sm" c="dimmed" mt={6} style={textStyle} data-testid="profile-feedback-reply">
                      {t('profile.feedbackList.reply', { username, reply: item.reply })}
                    </Text>
                  ) : null}
                </Paper>
              ))}
            </Stack>
            <LoadMore
              query={query}
              label={t('profile.loadMore')}
              errorText={t('profile.feedbackList.loadMoreError')}
              testId="profile-feedback-load-more"
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
