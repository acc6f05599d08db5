import { Button, Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What "load more" needs of TanStack Query's infinite query. */
type NextPageQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

type LoadMoreProps = {
  query: NextPageQuery;
  /** The button's text ("Load more"); it says "Retry" after a failed page. */
  label: string;
  /** Said (role alert) when the next page failed. */
  errorText: string;
  testId: string;
};

/**
 * The end of a paged list: the next page's button (spinning while it loads) and, when that page
 * failed, the error above it and "Retry" on the button. Test ids: `testId` and `${testId}-error`.
 */
export function LoadMore({ query, label, errorText, testId }: LoadMoreProps) {
  const { t } = useTranslation();
  return (
    <>
      {query.isFetchNextPageError ? (
        <Text size="sm" c="red" role="alert" data-testid={`${testId}-error`}>
          {errorText}
        </Text>
      ) : null}
      {query.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            data-testid={testId}
          >
            {query.isFetchNextPageError ? t('common.retry') : label}
          </Button>
        </Center>
      ) : null}
    </>
  );
}
