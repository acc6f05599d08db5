import { availableNamedRoutes } from '@app/contract';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { createI18n } from '@/shared/i18n/i18n';
import { resources } from '@/shared/i18n/resources';
import { testRoutes } from '@/testing/factories';
import { createAppRoutes } from './router';

describe('named routes', () => {
  const routes = createAppRoutes({
    queryClient: createQueryClient(),
    i18n: createI18n('en', { messages: { en: resources.en.translation }, complete: true }),
    routes: testRoutes,
  });
  /** The deepest route a path lands on: `*` is the "Page not found" catch-all. */
  const leafOf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;

  it.each(availableNamedRoutes.map((name) => [name, testRoutes[name]] as const))(
    'should lead %s (%s) to a page, in English and Spanish',
    (_name, path) => {
      const pathname = path.split('?')[0]!;
      expect(leafOf(pathname)).not.toBe('*');
      expect(leafOf(`/es${pathname === '/' ? '' : pathname}`)).not.toBe('*');
    },
  );
});
