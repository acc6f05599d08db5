import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { redirect, type ActionFunction } from 'react-router';
import { loadAppLanguage } from '@/shared/i18n/feature-messages';
import { localeFromPath, localizePath } from '@/shared/i18n/locale-path';
import { safeReturnTo } from '@/shared/lib/safe-return-to';
import { toast } from '@/shared/ui/toast';
import { applySessionChange } from '@/shared/session/session-change';

export type LogoutActionResult = { error: string };

/**
 * The router action behind `POST /logout` (a <Form> or fetcher submission): log out, refresh the CSRF
 * token and the cached user, then go to the server's redirect URL in the current language.
 */
export function createLogoutAction(queryClient: QueryClient, t: () => TFunction): ActionFunction {
  return async ({ request }) => {
    const locale = localeFromPath(new URL(request.url).pathname);
    try {
      // The call and its schema (zod) load on the first logout, not with the main bundle.
      const { logout } = await import('./logout-request');
      const { redirectUrl } = await logout();
      await applySessionChange(queryClient, null);
      // The auth texts are feature texts; a logout in the first instant may come before they arrive.
      await loadAppLanguage().catch(() => {});
      toast.success({ message: t()('auth.logout.success') });
      return redirect(localizePath(safeReturnTo(redirectUrl) ?? '/', locale));
    } catch (error) {
      console.warn('[auth] logout failed', error);
      await loadAppLanguage().catch(() => {});
      const message = t()('auth.logout.failed');
      toast.error({ message });
      return { error: message } satisfies LogoutActionResult;
    }
  };
}
