import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconCheck, IconChevronDown, IconLanguage } from '../ui/icons';
import { useLanguages, useTargetOf } from './language-switcher';
import { useLocale } from './locale-context';

/** Compact switcher for the navbar: a button with the current language opening a menu. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const locale = useLocale();
  const languages = useLanguages();
  const targetOf = useTargetOf();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} />}
          rightSection={<IconChevronDown size={14} />}
          // The name holds the visible code, so speech users can say what they see (WCAG 2.5.3).
          aria-label={t('language.change', { code: locale.toUpperCase() })}
        >
          {locale.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {languages.map((language) => (
          <Menu.Item
            key={language.code}
            component={Link}
            to={targetOf(language.code)}
            lang={language.code}
            rightSection={language.code === locale ? <IconCheck size={16} /> : null}
            aria-current={language.code === locale ? 'true' : undefined}
          >
            {language.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
