import { Anchor } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppState, useNamedRoute } from '@/shared/app-state/app-state-context';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { safeReturnTo } from '@/shared/lib/safe-return-to';
import { toast } from '@/shared/ui/toast';
import { useCurrentUser } from '@/shared/session/current-user';
import { AlreadySignedIn } from '../components/already-signed-in';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const { t } = useTranslation();
  const { app } = useAppState();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const home = useNamedRoute('home.main');
  const registerPath = useNamedRoute('register');
  const { data: user } = useCurrentUser();
  useDocumentTitle(t('auth.login.title'));

  const returnTo = safeReturnTo(searchParams.get('returnTo'));
  const registerLink = returnTo ? `${registerPath}?returnTo=${encodeURIComponent(returnTo)}` : registerPath;

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle', { name: app.name })}
      footer={
        user ? null : (
          <Trans
            i18nKey="auth.login.noAccount"
            components={{ cta: <Anchor component={Link} to={registerLink} fw={600} /> }}
          />
        )
      }
    >
      {user ? (
        <AlreadySignedIn user={user} continueTo={returnTo ?? home} />
      ) : (
        <LoginForm
          onSuccess={(loggedIn) => {
            toast.success({ message: t('auth.login.success', { username: loggedIn.username }) });
            void navigate(returnTo ?? home, { replace: true });
          }}
        />
      )}
    </AuthCard>
  );
}
