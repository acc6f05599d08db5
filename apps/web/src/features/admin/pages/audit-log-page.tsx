import { Button, Code, Container, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useLocale } from '@/shared/i18n/locale-context';
import { useAuditLog } from '../api/users';
import { ConsoleHeader } from '../components/console-header';
import { QueueList } from '../components/queue-list';

type Filters = { actor?: string; action?: string; targetId?: string; q?: string };

/** The append-only audit log (`/admin/audit`): who did what, when, why, before and after; filters. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const log = useAuditLog(filters);
  useDocumentTitle(t('admin.audit.title'));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const field = (key: keyof Filters, label: string) => (
    <TextInput
      label={label}
      value={draft[key] ?? ''}
      onChange={(event) => setDraft({ ...draft, [key]: event.currentTarget.value })}
      maxLength={128}
    />
  );
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <ConsoleHeader title={t('admin.audit.title')} subtitle={t('admin.audit.subtitle')} />
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setFilters(Object.fromEntries(Object.entries(draft).filter(([, v]) => v?.trim())) as Filters);
          }}
        >
          <Stack gap="xs">
            <Group grow gap="xs" wrap="wrap">
              {field('actor', t('admin.audit.actor'))}
              {field('action', t('admin.audit.action'))}
            </Group>
            <Group grow gap="xs" wrap="wrap">
              {field('targetId', t('admin.audit.target'))}
              {field('q', t('admin.audit.text'))}
            </Group>
            <Button type="submit" style={{ alignSelf: 'flex-start' }}>
              {t('admin.users.searchButton')}
            </Button>
          </Stack>
        </form>
        <QueueList
          query={log}
          itemKey={(entry) => entry.id}
          renderItem={(entry) => (
            <Paper withBorder radius="md" p="sm" data-testid="audit-row">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {entry.action} · {entry.targetType} {entry.targetId}
              </Text>
              <Text size="xs" c="dimmed">
                {date.format(new Date(entry.at))} · {entry.actor ?? t('admin.audit.operator')}
                {entry.actorRole ? ` (${entry.actorRole})` : ''}
                {entry.ip ? ` · ${entry.ip}` : ''}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.reason}
              </Text>
              {entry.before || entry.after ? (
                <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {`${t('admin.audit.before')}: ${JSON.stringify(entry.before)}\n${t('admin.audit.after')}: ${JSON.stringify(entry.after)}`}
                </Code>
              ) : null}
            </Paper>
          )}
          emptyText={t('admin.audit.empty')}
          errorText={t('admin.audit.error')}
        />
      </Stack>
    </Container>
  );
}
