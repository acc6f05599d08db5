import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@app/contract';
import { Badge, Button, Center, Code, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { FormError } from '@/shared/ui/form-error';
import { IconRefresh } from '@/shared/ui/icons';
import { PageLoader } from '@/shared/ui/page-loader';
import { PageSection } from '@/shared/ui/page-section';
import { toast } from '@/shared/ui/toast';
import { useResendDelivery, useWebhookDeliveries } from '../api/deliveries';
import { useWebhookCallErrorText, useWebhookReasonText } from '../utils/error-text';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = {
  pending: 'yellow',
  delivered: 'teal',
  failed: 'red',
};

/**
 * One delivery: the event, its status, attempts, the receiver's answer and how long it took, when; the
 * answer's excerpt (or why the call failed) on demand; and "send again".
 */
function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const reason = useWebhookReasonText();
  const errorText = useWebhookCallErrorText();
  const resend = useResendDelivery();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const event = t(`webhooks.events.labels.${delivery.event}`);
  const created = when.format(new Date(delivery.createdAt));
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      data-testid="webhook-delivery"
      data-event={delivery.event}
      data-status={delivery.status}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {event}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {delivery.event}
            </Text>
          </div>
          <Badge
            variant="light"
            color={STATUS_COLOR[delivery.status]}
            style={{ flexShrink: 0 }}
            data-testid="webhook-delivery-status"
          >
            {t(`webhooks.deliveries.status.${delivery.status}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <span data-testid="webhook-delivery-attempts">
            {t('webhooks.deliveries.attempts', { count: delivery.attempts })}
          </span>
          {' · '}
          {delivery.responseStatus === null
            ? t('webhooks.deliveries.noResponse')
            : t('webhooks.deliveries.responseStatus', { status: delivery.responseStatus })}
          {delivery.latencyMs === null
            ? ''
            : ` · ${t('webhooks.deliveries.latency', { latency: delivery.latencyMs })}`}
          {' · '}
          <time dateTime={delivery.createdAt}>{created}</time>
        </Text>
        {delivery.status === 'pending' && delivery.nextAttemptAt ? (
          <Text size="xs" c="dimmed">
            {t('webhooks.deliveries.nextAttempt', { date: when.format(new Date(delivery.nextAttemptAt)) })}
          </Text>
        ) : null}
        {delivery.errorKey ? (
          <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            {reason(delivery.errorKey)}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={open ? undefined : t('webhooks.deliveries.showNamed', { event, date: created })}
          >
            {open ? t('webhooks.deliveries.hide') : t('webhooks.deliveries.show')}
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(delivery.id, {
                onSuccess: () => toast.success({ message: t('webhooks.deliveries.resent') }),
              })
            }
            aria-label={t('webhooks.deliveries.resendNamed', { event, date: created })}
          >
            {t('webhooks.deliveries.resend')}
          </Button>
        </Group>
        {open ? (
          <Code
            block
            fz="xs"
            id={detailsId}
            data-testid="webhook-delivery-excerpt"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {delivery.responseExcerpt || t('webhooks.deliveries.noExcerpt')}
          </Code>
        ) : null}
        <FormError message={resend.isError ? errorText(resend.error) : null} />
      </Stack>
    </Paper>
  );
}

/** "Delivery log": what was sent to my address, 20 a page, newest first; looks again while one is pending. */
export function DeliveryLog() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(page);
  const lastPage = deliveries.data
    ? Math.max(1, Math.ceil(deliveries.data.total / WEBHOOK_DELIVERIES_PAGE_SIZE))
    : 1;
  return (
    <PageSection id="webhook-deliveries" title={t('webhooks.deliveries.title')}>
      <Group justify="flex-end">
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconRefresh size={14} />}
          loading={deliveries.isFetching && !deliveries.isPending}
          onClick={() => void deliveries.refetch()}
        >
          {t('webhooks.deliveries.refresh')}
        </Button>
      </Group>
      {deliveries.isPending ? (
        <PageLoader minHeight={120} />
      ) : deliveries.isError ? (
        <ErrorState message={t('webhooks.deliveries.loadError')} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.deliveries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="webhook-deliveries-empty">
          {t('webhooks.deliveries.empty')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('webhooks.deliveries.label')}
        >
          {deliveries.data.deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </Stack>
      )}
      {lastPage > 1 ? (
        <Center component="nav" aria-label={t('webhooks.deliveries.pages')}>
          <Pagination total={lastPage} value={Math.min(page, lastPage)} onChange={setPage} size="sm" />
        </Center>
      ) : null}
    </PageSection>
  );
}
