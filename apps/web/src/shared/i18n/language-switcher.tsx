import { supportedLocales, type Locale } from '@app/contract';
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppState } from '../app-state/app-state-context';
import { IconLanguage } from '../ui/icons';
import { useLocale } from './locale-context';
import { switchLocalePath } from './locale-path';

/** Languages both the server and this build know, each named in its own language. */
export function useLanguages(): { code: Locale; name: string }[] {
  const { app } = useAppState();
  return supportedLocales.map((code) => ({
    code,
    name: app.supportedLanguages.find((language) => language.code === code)?.name ?? code.toUpperCase(),
  }));
}

/** The current page in another language: same path and query, other prefix. */
export function useTargetOf(): (locale: Locale) => string {
  const { pathname, search, hash } = useLocation();
  return (locale) => `${switchLocalePath(pathname, locale)}${search}${hash}`;
}

/** Plain links for the footer and the mobile menu. */
export function LanguageLinks() {
  const { t } = useTranslation();
  const locale = useLocale();
  const languages = useLanguages();
  const targetOf = useTargetOf();
  return (
    <Group gap="md" component="nav" aria-label={t('language.label')}>
      <IconLanguage size={16} />
      {languages.map((language) => (
        <Anchor
          key={language.code}
          component={Link}
          to={targetOf(language.code)}
          lang={language.code}
          size="sm"
          c={language.code === locale ? undefined : 'dimmed'}
          fw={language.code === locale ? 600 : 400}
          aria-current={language.code === locale ? 'true' : undefined}
        >
          {language.name}
        </Anchor>
      ))}
    </Group>
  );
}
