import type { CurrentUser } from '@app/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';

/**
 * Shown on the login and register pages to someone who is already logged in. A card rather than an
 * automatic redirect, so a redirect to login for a 400 answer can never bounce back and forth.
 */
export function AlreadySignedIn({ user, continueTo }: { user: CurrentUser; continueTo: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const logoutPath = useNamedRoute('logout');
  return (
    <Stack gap="md">
      <Text>
        <Trans
          i18nKey="auth.alreadySignedIn.message"
          values={{ username: user.username }}
          components={{ b: <b /> }}
        />
      </Text>
      <Group grow>
        <Button component={Link} to={continueTo}>
          {t('auth.alreadySignedIn.continue')}
        </Button>
        <Button
          variant="default"
          loading={fetcher.state !== 'idle'}
          onClick={() => void fetcher.submit(null, { method: 'post', action: logoutPath })}
        >
          {t('nav.logout')}
        </Button>
      </Group>
    </Stack>
  );
}
