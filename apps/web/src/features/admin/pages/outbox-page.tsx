import { outboxChannels, type AdminOutboxMessage } from '@app/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale } from '@/shared/i18n/locale-context';
import { useOutbox, type OutboxFilters } from '../api/outbox';
import { ConsoleHeader } from '../components/console-header';
import { QueueList } from '../components/queue-list';

const STATUS_COLOR = { pending: 'yellow', sent: 'teal', failed: 'red', kept: 'gray' } as const;

/** The body with its web links clickable (verification and reset links are what an operator needs). */
function Linked({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <Anchor key={match.index} href={match[0]} target="_blank" rel="noreferrer noopener">
        {match[0]}
      </Anchor>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

function MessageRow({ message }: { message: AdminOutboxMessage }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="outbox-row">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {message.subject ?? message.bodyText}
          </Text>
          <Badge variant="light" color={STATUS_COLOR[message.status]} style={{ flexShrink: 0 }}>
            {t(`admin.outbox.status.${message.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t(`admin.outbox.channel.${message.channel}`)} · {message.recipient}
          {message.username ? ` (${message.username})` : ''} · {when.format(new Date(message.createdAt))}
          {message.attempts > 0 ? ` · ${t('admin.outbox.attempts', { count: message.attempts })}` : ''}
        </Text>
        {message.lastError ? (
          <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
            {message.lastError}
          </Text>
        ) : null}
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          style={{ alignSelf: 'flex-start' }}
        >
          {open ? t('admin.outbox.hide') : t('admin.outbox.show')}
        </Button>
        {open ? (
          <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Linked text={message.bodyText} />
          </Code>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The outbox (`/admin/outbox`, admins): every mail and SMS the platform sent or keeps, newest first.
 * Without a mail server this is where an operator finds a user's code or link (decision 0025).
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<OutboxFilters>({});
  const outbox = useOutbox(filters);
  useDocumentTitle(t('admin.outbox.title'));
  const delivery = outbox.data?.pages[0]?.delivery;
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader title={t('admin.outbox.title')} subtitle={t('admin.outbox.subtitle')} />
        {delivery && !delivery.email ? (
          <Alert color="blue" variant="light" data-testid="outbox-kept-notice">
            {t('admin.outbox.keptNotice')}
          </Alert>
        ) : null}
        <SegmentedControl
          value={filters.channel ?? 'all'}
          onChange={(value) =>
            setFilters({
              ...filters,
              channel: value === 'all' ? undefined : (value as OutboxFilters['channel']),
            })
          }
          data={['all', ...outboxChannels].map((value) => ({
            value,
            label: t(`admin.outbox.channel.${value as 'all'}`),
          }))}
          fullWidth
        />
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setFilters({ ...filters, q: draft.trim() || undefined });
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('admin.outbox.recipient')}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              maxLength={254}
              style={{ flex: 1 }}
            />
            <Button type="submit">{t('admin.users.searchButton')}</Button>
          </Group>
        </form>
        <QueueList
          query={outbox}
          itemKey={(message) => message.id}
          renderItem={(message) => <MessageRow message={message} />}
          emptyText={t('admin.outbox.empty')}
          errorText={t('admin.outbox.error')}
        />
      </Stack>
    </Container>
  );
}
