import { Button, Center, EmptyState, Pagination, Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { useContacts, type ContactsList as ListName } from '../api/get-contacts';
import { ContactRow } from './contact-row';

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** The address's parameters with another page (the first page has no parameter). */
const withPage = (current: URLSearchParams, page: number) => {
  const next = new URLSearchParams(current);
  if (page === 1) next.delete('page');
  else next.set('page', String(page));
  return next;
};

/**
 * One list of users (recent trades, trusted, blocked), ten a page: the page number lives in the address
 * (`?page`, replaced, not pushed). Loading, empty and error states; the pagination follows the server's
 * `lastPage`, and a page that no longer exists (the last user left it) moves to the last one.
 */
export function ContactsList({ list }: { list: ListName }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const query = useContacts(list, page);
  const lastPage = query.data?.pagination.lastPage ?? 1;

  const goTo = (next: number) => setParams((current) => withPage(current, next), { replace: true });
  const beyondEnd = !query.isPlaceholderData && query.data !== undefined && page > lastPage;
  useEffect(() => {
    if (beyondEnd) setParams((current) => withPage(current, lastPage), { replace: true });
  }, [beyondEnd, lastPage, setParams]);

  if (query.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={58} radius="md" />
        <Skeleton height={58} radius="md" />
        <Skeleton height={58} radius="md" />
      </Stack>
    );
  }
  if (query.isError && !query.data) {
    return <ErrorState message={t('contacts.loadError')} onRetry={() => void query.refetch()} />;
  }
  const users = query.data.users;
  if (users.length === 0 && page === 1) {
    return (
      <Center py="xl">
        <EmptyState
          title={t(`contacts.empty.${list}.title`)}
          description={t(`contacts.empty.${list}.text`)}
          data-testid="contacts-empty"
        >
          {list === 'recent-trades' ? (
            <EmptyState.Actions>
              <Button component={Link} to={localize('/trading')}>
                {t('contacts.browse')}
              </Button>
            </EmptyState.Actions>
          ) : null}
        </EmptyState>
      </Center>
    );
  }
  return (
    <Stack gap="md">
      <Stack
        component="ul"
        gap="sm"
        m={0}
        p={0}
        aria-label={t(`contacts.lists.${list}`)}
        aria-busy={query.isFetching}
        data-testid="contacts-list"
      >
        {users.map((user) => (
          <ContactRow key={user.username} user={user} />
        ))}
      </Stack>
      {lastPage > 1 ? (
        <Center component="nav" aria-label={t('contacts.pages')}>
          <Pagination
            total={lastPage}
            value={Math.min(page, lastPage)}
            onChange={goTo}
            size="sm"
            data-testid="contacts-pagination"
          />
        </Center>
      ) : null}
    </Stack>
  );
}
