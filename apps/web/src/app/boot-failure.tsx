import { Button, Center, MantineProvider, Stack, Text, Title } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { accessibleCssVariablesResolver } from '@/shared/theme/accessible-colors';
import { cookieColorSchemeManager } from '@/shared/theme/color-scheme-cookie';
import { theme } from '@/shared/theme/theme';

/** Shown when the initial state cannot be loaded at all (spec: "Unable to load the application."). */
export function BootFailure({ i18n }: { i18n: I18n }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={accessibleCssVariablesResolver}
      colorSchemeManager={cookieColorSchemeManager()}
    >
      <Center mih="100dvh" p="md">
        <Stack align="center" ta="center" gap="sm" maw={420} role="alert">
          <Title order={1} fz={24}>
            {i18n.t('boot.failedTitle')}
          </Title>
          <Text c="dimmed">{i18n.t('boot.failedMessage')}</Text>
          <Button mt="sm" onClick={() => window.location.reload()}>
            {i18n.t('boot.reload')}
          </Button>
        </Stack>
      </Center>
    </MantineProvider>
  );
}
