import type { UserSession } from '@app/contract';
import { Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { toast } from '@/shared/ui/toast';
import { useEndSessions, useSessions } from '../api/security';

/** What ending a session (or all others) is about to do, confirmed before it happens. */
type Ending = { session: UserSession } | { others: true };

/**
 * My sessions: where I am logged in (device, address, last seen), this one marked; end one, or every
 * other one, after a confirmation. Their open pages log out at once.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useApiErrorText();
  const sessions = useSessions();
  const end = useEndSessions();
  const [ending, setEnding] = useState<Ending | null>(null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  const confirm = () => {
    if (!ending) return;
    end.mutate('session' in ending ? ending.session.id : null, {
      onSuccess: ({ ended }) => {
        toast.success({ message: t('security.sessions.ended', { count: ended }) });
        setEnding(null);
      },
    });
  };

  if (sessions.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label={t('common.loading')}>
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  }
  if (sessions.isError) {
    return <ErrorState message={t('security.sessions.error')} onRetry={() => void sessions.refetch()} />;
  }
  const others = sessions.data.filter((s) => !s.current);
  return (
    <Stack gap="sm">
      {sessions.data.map((session) => (
        <Paper key={session.id} withBorder radius="md" p="sm" data-testid="session-row">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {session.device ?? t('security.sessions.unknownDevice')}
                </Text>
                {session.current ? (
                  <Badge size="sm" variant="light" color="teal">
                    {t('security.sessions.current')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('security.sessions.where', {
                  ip: session.ip ?? '-',
                  seen: date.format(new Date(session.lastSeenAt)),
                })}
              </Text>
            </Stack>
            {session.current ? null : (
              <Button size="xs" variant="light" color="red" onClick={() => setEnding({ session })}>
                {t('security.sessions.end')}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
      {others.length > 0 ? (
        <Button
          variant="default"
          onClick={() => setEnding({ others: true })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('security.sessions.endOthers')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('security.sessions.onlyThis')}
        </Text>
      )}
      <Modal
        opened={ending !== null}
        onClose={() => setEnding(null)}
        title={t('security.sessions.confirmTitle')}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            {ending && 'session' in ending
              ? t('security.sessions.confirmOne', {
                  device: ending.session.device ?? t('security.sessions.unknownDevice'),
                })
              : t('security.sessions.confirmOthers', { count: others.length })}
          </Text>
          {end.isError ? (
            <Text size="sm" c="red" role="alert">
              {errorText(end.error)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={end.isPending}>
              {t('security.sessions.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
