import type { PublicProfile } from '@app/contract';
import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCatalogueNames } from '@/features/catalogue';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { formatTimeAgo } from '../utils/relative-time';

type ProfileSummaryProps = {
  profile: PublicProfile;
  /** `page`: the profile's own header (large, no link); `card`: beside an offer, linking to the profile. */
  variant: 'page' | 'card';
  now: Date;
};

/**
 * A trader at a glance: name, online or last seen, country, member since, and the feedback they received
 * (when the server counts it). A banned account shows its name and that it is banned, nothing else.
 */
export function ProfileSummary({ profile, variant, now }: ProfileSummaryProps) {
  const { t } = useTranslation();
  const names = useCatalogueNames();
  const locale = useLocale();
  const localize = useLocalizePath();
  const large = variant === 'page';
  const joined = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' }).format(
    new Date(profile.joinedAt),
  );
  const name = large ? (
    <Text
      component="h1"
      fz={{ base: 24, sm: 30 }}
      fw={700}
      m={0}
      lh={1.2}
      // A long username breaks rather than pushing the page sideways at 320 px.
      style={{ overflowWrap: 'anywhere' }}
      data-testid="profile-username"
    >
      {profile.username}
    </Text>
  ) : (
    <Anchor
      component={Link}
      to={localize(`/user/${encodeURIComponent(profile.username)}`)}
      fw={700}
      data-testid="owner-link"
    >
      {profile.username}
    </Anchor>
  );

  return (
    <Group gap="md" wrap="nowrap" align="flex-start" miw={0} data-testid="profile-summary">
      <Avatar
        src={profile.avatarUrl}
        name={profile.username}
        color="initials"
        size={large ? 64 : 44}
        radius="xl"
      />
      <Stack gap={4} miw={0}>
        <Group gap="xs" wrap="wrap">
          {name}
          {profile.isBanned ? (
            <Badge color="red" variant="light" data-testid="profile-banned">
              {t('profile.banned')}
            </Badge>
          ) : (
            <Badge color={profile.isOnline ? 'teal' : 'gray'} variant="dot" data-testid="profile-status">
              {profile.isOnline
                ? t('profile.online')
                : profile.lastSeenAt
                  ? t('profile.lastSeen', { ago: formatTimeAgo(new Date(profile.lastSeenAt), now, locale) })
                  : t('profile.neverSeen')}
            </Badge>
          )}
        </Group>
        {profile.isBanned ? null : (
          <>
            {profile.companyName ? (
              <Text size="sm" fw={600} data-testid="profile-company">
                {t('profile.verifiedCompany', { name: profile.companyName })}
              </Text>
            ) : null}
            {/* The verified name, when its owner lets this viewer see it (the company's is shown above). */}
            {profile.fullName && profile.fullName !== profile.companyName ? (
              <Text size="sm" fw={600} data-testid="profile-full-name">
                {t('profile.verifiedName', { name: profile.fullName })}
              </Text>
            ) : null}
            {profile.feedback ? (
              <Group gap="sm" data-testid="profile-feedback">
                <Text size="sm" c="teal" fw={600}>
                  {t('profile.feedbackPositive', { count: profile.feedback.positive })}
                </Text>
                <Text size="sm" c="red" fw={600}>
                  {t('profile.feedbackNegative', { count: profile.feedback.negative })}
                </Text>
              </Group>
            ) : null}
            <Text size="sm" c="dimmed" data-testid="profile-relations">
              {t('profile.trustedBy', { count: profile.trustedCount })} ·{' '}
              {t('profile.blockedBy', { count: profile.blockedCount })}
            </Text>
            <Text size="sm" c="dimmed">
              {[
                profile.country ? names.country(profile.country.iso, profile.country.name) : null,
                t('profile.joined', { date: joined }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </>
        )}
      </Stack>
    </Group>
  );
}
