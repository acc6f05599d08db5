import {
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { useUserSearch } from '../api/users';
import { ConsoleHeader } from '../components/console-header';

/** User search (`/admin/users?q=`): username or e-mail prefix, newest accounts first. */
export function UsersPage() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const [text, setText] = useState(q);
  const users = useUserSearch(q, page);
  useDocumentTitle(t('admin.users.title'));
  const go = (next: { q?: string; page?: number }) => {
    const query = next.q ?? q;
    const nextPage = next.page ?? 1;
    setParams({ ...(query ? { q: query } : {}), ...(nextPage > 1 ? { page: String(nextPage) } : {}) });
  };
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader title={t('admin.users.title')} subtitle={t('admin.users.subtitle')} />
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            go({ q: text.trim() });
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('admin.users.search')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={100}
              style={{ flex: 1 }}
            />
            <Button type="submit">{t('admin.users.searchButton')}</Button>
          </Group>
        </form>
        {users.isPending ? (
          <Skeleton height={160} />
        ) : users.isError ? (
          <ErrorState message={t('admin.users.error')} onRetry={() => void users.refetch()} />
        ) : users.data.items.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Center>
              <Text c="dimmed">{t('admin.users.empty')}</Text>
            </Center>
          </Paper>
        ) : (
          <Stack gap="xs">
            {users.data.items.map((user) => (
              <Paper key={user.id} withBorder radius="md" p="sm" data-testid="user-row">
                <Group justify="space-between" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={localize(`/admin/users/${encodeURIComponent(user.username)}`)}
                      fw={600}
                    >
                      {user.username}
                    </Anchor>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {user.email} · {t('admin.users.trades', { count: user.tradesCount })}
                    </Text>
                  </div>
                  <Group gap={6}>
                    {user.role !== 'user' ? (
                      <Badge variant="light">{t(`admin.role.${user.role}`)}</Badge>
                    ) : null}
                    <Badge variant="light" color={user.accountState === 'active' ? 'green' : 'red'}>
                      {t(`admin.users.states.${user.accountState}`)}
                    </Badge>
                  </Group>
                </Group>
              </Paper>
            ))}
            <Group justify="center" gap="xs">
              <Button variant="default" size="xs" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                {t('admin.users.previous')}
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={!users.data.hasMore}
                onClick={() => go({ page: page + 1 })}
              >
                {t('admin.users.next')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
