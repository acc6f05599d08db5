import { Anchor, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppState, useNamedRoute } from '@/shared/app-state/app-state-context';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { LanguageLinks } from '@/shared/i18n/language-switcher';
import { Logo } from '@/shared/ui/logo';
import classes from './app-layout.module.css';

/** Legal links (paths from the server's named routes), the language switcher and the copyright line. */
export function AppFooter() {
  const { t } = useTranslation();
  const { app } = useAppState();
  const about = useNamedRoute('about');
  const terms = useNamedRoute('termsOfService');
  const privacy = useNamedRoute('privacyPolicy');
  const fees = useNamedRoute('fees');
  const reserves = useLocalizePath()('/proof-of-reserves');
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py={{ base: 'lg', md: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap="xs" maw={340}>
            <Logo name={app.name} />
            <Text size="sm" c="dimmed">
              {t('footer.tagline')}
            </Text>
          </Stack>
          <Stack gap="xs" component="nav" aria-label={t('footer.linksLabel')}>
            <Anchor component={Link} to={about} size="sm" c="dimmed">
              {t('footer.about')}
            </Anchor>
            <Anchor component={Link} to={terms} size="sm" c="dimmed">
              {t('footer.terms')}
            </Anchor>
            <Anchor component={Link} to={privacy} size="sm" c="dimmed">
              {t('footer.privacy')}
            </Anchor>
            <Anchor component={Link} to={fees} size="sm" c="dimmed">
              {t('footer.fees')}
            </Anchor>
            <Anchor component={Link} to={reserves} size="sm" c="dimmed">
              {t('footer.reserves')}
            </Anchor>
          </Stack>
          <LanguageLinks />
        </Group>
        <Divider my="lg" />
        <Text size="xs" c="dimmed">
          {t('footer.copyright', { year, name: app.name })}
        </Text>
      </Container>
    </footer>
  );
}
