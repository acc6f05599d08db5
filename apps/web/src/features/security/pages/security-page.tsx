import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TwoFactorCard } from '@/features/two-factor/components/two-factor-card';
import { EmailCard } from '@/features/verification/components/email-card';
import { PhoneCard } from '@/features/verification/components/phone-card';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useCurrentUser } from '@/shared/session/current-user';
import { PageSection } from '@/shared/ui/page-section';
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
        <PageSection id="sessions-title" title={t('security.sessions.title')}>
          <SessionsCard />
        </PageSection>
        <PageSection id="email-title" title={t('security.email')}>
          <EmailCard />
        </PageSection>
        <PageSection id="phone-title" title={t('verification.phone.title')}>
          <PhoneCard />
        </PageSection>
        <PageSection id="two-factor-title" title={t('twoFactor.title')}>
          <TwoFactorCard emailVerified={user?.isEmailVerified ?? false} />
        </PageSection>
        <PageSection id="password-title" title={t('security.password.title')}>
          <Text size="sm" c="dimmed">
            {t('security.password.explain')}
          </Text>
          <PasswordChangeForm />
        </PageSection>
      </Stack>
    </Container>
  );
}
