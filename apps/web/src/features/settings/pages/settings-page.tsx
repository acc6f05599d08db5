import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useCurrentUser } from '@/shared/session/current-user';
import { ErrorState } from '@/shared/ui/error-state';
import { PageLoader } from '@/shared/ui/page-loader';
import { PageSection } from '@/shared/ui/page-section';
import { useSettings } from '../api/settings';
import { AvatarCard } from '../components/avatar-card';
import { CloseAccountCard } from '../components/close-account-card';
import { PreferencesForm } from '../components/preferences-form';
import { ProfileForm } from '../components/profile-form';
import { UsernameCard } from '../components/username-card';

/** The spec's user settings (`/user/settings`): profile, username, avatar, localization, close account. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const username = useCurrentUser().data?.username ?? '';
  useDocumentTitle(t('settings.title'));
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('settings.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.subtitle')}
          </Text>
        </div>
        {settings.isPending ? (
          <PageLoader minHeight="30vh" />
        ) : settings.isError ? (
          <ErrorState message={t('settings.loadError')} onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <PageSection id="settings-profile" title={t('settings.profile.title')}>
              <AvatarCard settings={settings.data} username={username} />
              <UsernameCard settings={settings.data} username={username} />
              <ProfileForm settings={settings.data} />
            </PageSection>
            <PageSection id="settings-preferences" title={t('settings.preferences.title')}>
              <PreferencesForm settings={settings.data} />
            </PageSection>
            <PageSection id="settings-close" title={t('settings.close.title')}>
              <CloseAccountCard />
            </PageSection>
          </>
        )}
      </Stack>
    </Container>
  );
}
