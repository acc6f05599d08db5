import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TwoFactorCard } from '@/features/two-factor/components/two-factor-card';
import { EmailCard } from '@/features/verification/components/email-card';
import { PhoneCard } from '@/features/verification/components/phone-card';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useCurrentUser } from '@/shared/session/current-user';
import { PasswordChangeForm } from '../components/password-change-form';
import { SessionsCard } from '../components/sessions-card';

/** The spec's user security page (`/user/security`): where I am logged in, and my password. */
export function SecurityPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  useDocumentTitle(t('security.title'));
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('security.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('security.subtitle')}
          </Text>
        </div>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="sessions-title"
        >
          <Stack gap="sm">
            <Title order={2} fz="lg" id="sessions-title">
              {t('security.sessions.title')}
            </Title>
            <SessionsCard />
          </Stack>
        </Paper>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="email-title"
        >
          <Stack gap="sm">
            <Title order={2} fz="lg" id="email-title">
              {t('security.email')}
            </Title>
            <EmailCard />
          </Stack>
        </Paper>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="phone-title"
        >
          <Stack gap="sm">
            <Title order={2} fz="lg" id="phone-title">
              {t('verification.phone.title')}
            </Title>
            <PhoneCard />
          </Stack>
        </Paper>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="two-factor-title"
        >
          <Stack gap="sm">
            <Title order={2} fz="lg" id="two-factor-title">
              {t('twoFactor.title')}
            </Title>
            <TwoFactorCard emailVerified={user?.isEmailVerified ?? false} />
          </Stack>
        </Paper>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="password-title"
        >
          <Stack gap="sm">
            <Title order={2} fz="lg" id="password-title">
              {t('security.password.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('security.password.explain')}
            </Text>
            <PasswordChangeForm />
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
