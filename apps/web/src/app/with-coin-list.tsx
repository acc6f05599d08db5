import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { PageLoader } from '@/shared/ui/page-loader';

/**
 * Around the marketplace pages, whose heading waits for the coin list: asks for the list as soon as the
 * route renders, beside the page's chunk, instead of after the chunk has run (the page's own query then
 * finds it in the cache). The call's code is a small chunk of its own, not part of the main bundle.
 */
export function WithCoinList({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void import('@/features/catalogue/api/get-crypto-currencies').then(
      ({ getCryptoCurrenciesQueryOptions }) => queryClient.prefetchQuery(getCryptoCurrenciesQueryOptions()),
    );
  }, [queryClient]);
  return <Suspense fallback={<PageLoader minHeight="50vh" />}>{children}</Suspense>;
}
