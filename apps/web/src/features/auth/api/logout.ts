import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { redirect, type ActionFunction } from 'react-router';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { localeFromPath, localizePath } from '@/shared/i18n/locale-path';
import { safeReturnTo } from '@/shared/lib/safe-return-to';
import { toast } from '@/shared/ui/toast';
import { applySessionChange } from '@/shared/session/session-change';

const logoutResponseSchema = z.object({ redirectUrl: z.string() });

/** POST /rest/v1/auth/logout: ends the session; the answer says where to go next ("/"). */
export function logout(): Promise<z.infer<typeof logoutResponseSchema>> {
  return apiClient.post('/rest/v1/auth/logout', { schema: logoutResponseSchema, authRedirect: false });
}

export type LogoutActionResult = { error: string };

/**
 * The router action behind `POST /logout` (a <Form> or fetcher submission): log out, refresh the CSRF
 * token and the cached user, then go to the server's redirect URL in the current language.
 */
export function createLogoutAction(queryClient: QueryClient, t: () => TFunction): ActionFunction {
  return async ({ request }) => {
    const locale = localeFromPath(new URL(request.url).pathname);
    try {
      const { redirectUrl } = await logout();
      await applySessionChange(queryClient, null);
      toast.success({ message: t()('auth.logout.success') });
      return redirect(localizePath(safeReturnTo(redirectUrl) ?? '/', locale));
    } catch (error) {
      console.warn('[auth] logout failed', error);
      const message = t()('auth.logout.failed');
      toast.error({ message });
      return { error: message } satisfies LogoutActionResult;
    }
  };
}
