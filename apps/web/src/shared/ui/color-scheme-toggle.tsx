import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconMoon, IconSun } from './icons';

/**
 * Light/dark switch; the choice is stored in the `theme` cookie by the provider's scheme manager. The
 * hint on hover is the browser's own (`title`): a Mantine tooltip would bring its positioning library
 * into every first page for one word.
 */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = computed === 'dark';
  const label = dark ? t('theme.switchToLight') : t('theme.switchToDark');
  return (
    <ActionIcon
      variant="default"
      size={36}
      radius="md"
      aria-label={label}
      title={label}
      data-testid="color-scheme-toggle"
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
    </ActionIcon>
  );
}
