import type { ContactUser } from '@app/contract';
import { Anchor, Avatar, Badge, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { RelationActions } from './relation-actions';

/** One user of a contacts list: who (linking to the profile), what the viewer thinks of them, and the actions. */
export function ContactRow({ user }: { user: ContactUser }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      data-testid="contact-row"
      data-username={user.username}
      style={{ listStyle: 'none' }}
    >
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          {/* The name is beside it: the picture adds nothing for a screen reader. */}
          <Avatar name={user.username} color="initials" radius="xl" size={36} alt="" />
          <Anchor
            component={Link}
            to={localize(`/user/${encodeURIComponent(user.username)}`)}
            fw={600}
            truncate="end"
          >
            {user.username}
          </Anchor>
          {user.isTrusted ? (
            <Badge color="teal" variant="light" size="sm">
              {t('contacts.badges.trusted')}
            </Badge>
          ) : null}
          {user.isBlocked ? (
            <Badge color="red" variant="light" size="sm">
              {t('contacts.badges.blocked')}
            </Badge>
          ) : null}
        </Group>
        <RelationActions username={user.username} isTrusted={user.isTrusted} isBlocked={user.isBlocked} />
      </Group>
    </Paper>
  );
}
