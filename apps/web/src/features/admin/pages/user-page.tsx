import { type AdminUserAction, type AdminUserDetail } from '@app/contract';
import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAmountFormat } from '@/features/catalogue';
import { isApiError } from '@/shared/api';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale, useLocalizePath } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { numericClass } from '@/shared/ui/numeric';
import { useStaffPermissions } from '../api/permissions';
import { useUserAction, useUserDetail } from '../api/users';
import { ConsoleHeader } from '../components/console-header';
import { ReasonDialog } from '../components/reason-dialog';
import { VideoVerificationControl } from '../components/video-verification-control';

/** An account action with its reason, after a confirmation that names the user and the action. */
function ActionDialog({
  user,
  action,
  onClose,
}: {
  user: AdminUserDetail['profile'];
  action: AdminUserAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const apply = useUserAction(user.username);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <ReasonDialog
      title={t('admin.users.confirm', { action: t(`admin.users.actions.${action}`), name: user.username })}
      confirmLabel={t(`admin.users.actions.${action}`)}
      danger={action !== 'restore' && action !== 'set_notice'}
      doneMessage={t('admin.users.done')}
      onClose={onClose}
      onSubmit={(reason) =>
        apply.mutateAsync({
          action,
          reason,
          ...(action === 'set_notice'
            ? { notice: notice === 'none' || notice === null ? null : (Number(notice) as 0 | 1 | 2) }
            : {}),
        })
      }
    >
      {action === 'set_notice' ? (
        <Select
          label={t('admin.users.notice')}
          value={notice}
          onChange={setNotice}
          data={[
            { value: 'none', label: t('admin.users.noNotice') },
            ...[0, 1, 2].map((code) => ({
              value: String(code),
              label: t(`accountNotice.${code as 0 | 1 | 2}`),
            })),
          ]}
        />
      ) : null}
    </ReasonDialog>
  );
}

/** One user for staff (`/admin/users/{username}`): profile, trades, offers, reports, sessions, IPs, actions. */
export function UserPage() {
  const { username = '' } = useParams();
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const format = useAmountFormat();
  const detail = useUserDetail(username);
  const permissions = useStaffPermissions();
  const [acting, setActing] = useState<AdminUserAction | null>(null);
  useDocumentTitle(t('admin.users.userTitle', { name: username }));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string | null) => (iso ? date.format(new Date(iso)) : '-');

  if (detail.isPending) {
    return (
      <Container size="lg" py="xl">
        <Skeleton height={320} />
      </Container>
    );
  }
  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.status === 404;
    return (
      <Container size="sm" py="xl">
        <ErrorState
          message={missing ? t('admin.users.notFound') : t('admin.users.error')}
          onRetry={missing ? undefined : () => void detail.refetch()}
        />
      </Container>
    );
  }
  const data = detail.data;
  const user = data.profile;
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Anchor component={Link} to={localize('/admin/users')} size="sm">
          ← {t('admin.users.back')}
        </Anchor>
        <ConsoleHeader title={t('admin.users.userTitle', { name: user.username })} />
        <Paper withBorder radius="md" p="md">
          <Stack gap={6}>
            <Group gap={6}>
              <Badge variant="light">{t(`admin.role.${user.role}`, { defaultValue: user.role })}</Badge>
              <Badge
                variant="light"
                color={user.accountState === 'active' ? 'green' : 'red'}
                data-testid="user-state"
              >
                {t(`admin.users.states.${user.accountState}`)}
              </Badge>
              {user.accountNotice !== null ? (
                <Badge color="orange">{t(`accountNotice.${user.accountNotice}`)}</Badge>
              ) : null}
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {user.email} ·{' '}
              {user.isEmailVerified
                ? t('admin.dispute.party.emailVerified')
                : t('admin.dispute.party.emailNotVerified')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('admin.users.since', { created: when(user.createdAt), seen: when(user.lastSeenAt) })}
            </Text>
            {data.allowedActions.length > 0 ? (
              <Group gap="xs" mt="xs">
                {data.allowedActions.map((action) => (
                  <Button
                    key={action}
                    size="xs"
                    variant="light"
                    color={action === 'restore' || action === 'set_notice' ? 'blue' : 'red'}
                    onClick={() => setActing(action)}
                  >
                    {t(`admin.users.actions.${action}`)}
                  </Button>
                ))}
              </Group>
            ) : null}
          </Stack>
        </Paper>
        {permissions.can('verifications.review') ? (
          <VideoVerificationControl username={user.username} />
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <Title order={2} fz="lg" mb="xs">
              {t('admin.users.recentTrades')}
            </Title>
            {data.recentTrades.length === 0 ? (
              <Text size="sm" c="dimmed">
                -
              </Text>
            ) : null}
            {data.recentTrades.map((trade) => (
              <Text key={trade.hash} size="sm">
                <Anchor component={Link} to={localize(`/trade/${trade.hash}`)}>
                  {trade.hash}
                </Anchor>{' '}
                · {t(`trades.status.${trade.status}`, { defaultValue: trade.status })} ·{' '}
                <span className={numericClass}>{format.fiat(trade.fiatAmount, trade.fiatCurrencyCode)}</span>{' '}
                · {trade.counterparty}
              </Text>
            ))}
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Title order={2} fz="lg" mb="xs">
              {t('admin.users.offers')}
            </Title>
            {data.offers.length === 0 ? (
              <Text size="sm" c="dimmed">
                -
              </Text>
            ) : null}
            {data.offers.map((offer) => (
              <Text key={offer.hash} size="sm">
                {offer.hash} · {offer.type} {offer.cryptoCode}/{offer.fiatCurrencyCode} ·{' '}
                {offer.isActive ? t('admin.users.active') : t('admin.users.inactive')}
              </Text>
            ))}
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Title order={2} fz="lg" mb="xs">
              {t('admin.users.reports')}
            </Title>
            {data.reportsAgainst.length === 0 ? (
              <Text size="sm" c="dimmed">
                -
              </Text>
            ) : null}
            {data.reportsAgainst.map((report) => (
              <Text key={report.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {report.offerHash} ·{' '}
                {t(`offer.report.reasons.${report.reason}`, { defaultValue: report.reason })} ·{' '}
                {report.reporter}
              </Text>
            ))}
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Title order={2} fz="lg" mb="xs">
              {t('admin.users.ips')}
            </Title>
            {data.ips.length === 0 ? (
              <Text size="sm" c="dimmed">
                -
              </Text>
            ) : null}
            {data.ips.map((ip) => (
              <Text key={`${ip.source}-${ip.ip}`} size="sm">
                {ip.ip} · {t(`admin.users.ipSource.${ip.source}`)} · {when(ip.lastSeenAt)}
              </Text>
            ))}
            <Text size="xs" c="dimmed" mt="xs">
              {t('admin.users.sessions', { count: data.sessions.length })}
            </Text>
          </Paper>
        </SimpleGrid>
        {acting ? <ActionDialog user={user} action={acting} onClose={() => setActing(null)} /> : null}
      </Stack>
    </Container>
  );
}
