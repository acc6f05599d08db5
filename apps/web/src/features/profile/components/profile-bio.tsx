import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';

/**
 * What the trader wrote about themselves (settings, "bio"): kept as written, line breaks included. Its
 * owner is pointed to the settings while it is empty; anyone else reads that there is none.
 */
export function ProfileBio({ bio, isOwn }: { bio: string; isOwn: boolean }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
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
        <Anchor component={Link} to={localize('/user/settings')} size="sm">
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
