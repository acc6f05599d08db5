import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';

/**
 * What the trader wrote about themselves (settings, "bio"): kept as written, line breaks included. Its
 * owner is pointed to the settings while it is empty; anyone else reads that there is none.
 */
export function ProfileBio({ bio, isOwn }: { bio: string; isOwn: boolean }) {
  const { t } = useTranslation();
  const settingsPath = useNamedRoute('userSettings');
  return (
    <Stack gap={4} data-testid="profile-bio">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {t('profile.bio.title')}
      </Text>
      {bio.trim() ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {bio}
        </Text>
      ) : isOwn ? (
        <Anchor component={Link} to={settingsPath} size="sm">
          {t('profile.bio.addYours')}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {t('profile.bio.empty')}
        </Text>
      )}
    </Stack>
  );
}
