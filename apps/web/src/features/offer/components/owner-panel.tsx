import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProfileSummary, usePublicProfile } from '@/features/profile';
import { useLocalizePath } from '@/shared/i18n/locale-context';

/**
 * The offer's owner: name (linking to `/user/{username}`), online or last seen, country, member since and
 * feedback counts, from the public profile. If the profile cannot be read the link still works.
 */
export function OwnerPanel({ username, now }: { username: string; now: Date }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const profile = usePublicProfile(username);
  const profilePath = localize(`/user/${encodeURIComponent(username)}`);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="owner-panel">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('offer.owner.title')}
        </Title>
        {profile.isPending ? (
          <Skeleton height={48} radius="md" role="status" aria-label={t('common.loading')} />
        ) : profile.data ? (
          <ProfileSummary profile={profile.data} variant="card" now={now} />
        ) : (
          <Text size="sm">
            <Anchor component={Link} to={profilePath} fw={700} data-testid="owner-link">
              {username}
            </Anchor>
          </Text>
        )}
        <Anchor component={Link} to={profilePath} size="sm">
          {t('offer.owner.allOffers', { username })}
        </Anchor>
      </Stack>
    </Paper>
  );
}
