import { Navigate, useLocation } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';

/** Replaces the address with `to` in the current language, keeping the query and the hash. */
export function LocalizedRedirect({ to }: { to: string }) {
  const localize = useLocalizePath();
  const { search, hash } = useLocation();
  return <Navigate to={`${localize(to)}${search}${hash}`} replace />;
}
