import { useNavigation, useSubmit } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';

/** Submits to the logout route's action (POST), which logs out and redirects. */
export function useLogoutSubmit(): { logout: () => void; pending: boolean } {
  const submit = useSubmit();
  const navigation = useNavigation();
  const logoutPath = useNamedRoute('logout');
  return {
    logout: () => void submit(null, { method: 'post', action: logoutPath }),
    pending: navigation.state !== 'idle' && navigation.formAction === logoutPath,
  };
}
