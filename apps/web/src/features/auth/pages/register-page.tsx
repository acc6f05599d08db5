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
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  const { t } = useTranslation();
  const { app } = useAppState();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const home = useNamedRoute('home.main');
  const loginPath = useNamedRoute('login');
  const { data: user } = useCurrentUser();
  useDocumentTitle(t('auth.register.title'));

  const returnTo = safeReturnTo(searchParams.get('returnTo'));
  const loginLink = returnTo ? `${loginPath}?returnTo=${encodeURIComponent(returnTo)}` : loginPath;

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle', { name: app.name })}
      footer={
        user ? null : (
          <Trans
            i18nKey="auth.register.haveAccount"
            components={{ cta: <Anchor component={Link} to={loginLink} fw={600} /> }}
          />
        )
      }
    >
      {user ? (
        <AlreadySignedIn user={user} continueTo={returnTo ?? home} />
      ) : (
        <RegisterForm
          onSuccess={(created) => {
            toast.success({ message: t('auth.register.success', { username: created.username }) });
            void navigate(returnTo ?? home, { replace: true });
          }}
        />
      )}
    </AuthCard>
  );
}
