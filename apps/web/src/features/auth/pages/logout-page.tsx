import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, Link, Navigate, useNavigation } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useCurrentUser } from '@/shared/session/current-user';
import { AuthCard } from '../components/auth-card';

/**
 * `GET /logout` asks for confirmation; only the form's POST (handled by the route's action) logs out,
 * so a link from another site cannot sign the user out.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const home = useNamedRoute('home.main');
  const { data: user } = useCurrentUser();
  useDocumentTitle(t('auth.logout.title'));

  if (!user) return <Navigate to={home} replace />;

  return (
    <AuthCard
      title={t('auth.logout.title')}
      subtitle={t('auth.logout.subtitle', { username: user.username })}
    >
      <Form method="post">
        <Text size="sm" mb="lg">
          {t('auth.logout.explanation')}
        </Text>
        <Group grow>
          <Button variant="default" component={Link} to={home}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={navigation.state === 'submitting'}>
            {t('nav.logout')}
          </Button>
        </Group>
      </Form>
    </AuthCard>
  );
}
