import { webhookEventNames, type WebhookEvent, type WebhookEventName } from '@app/contract';
import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/shared/ui/form-error';
import { PageSection } from '@/shared/ui/page-section';
import { toast } from '@/shared/ui/toast';
import { useUpdateWebhookEvents } from '../api/webhook';
import { useWebhookCallErrorText } from '../utils/error-text';

const tickedOf = (events: readonly WebhookEvent[]): WebhookEventName[] =>
  events.filter((event) => event.checked).map((event) => event.name);

/**
 * The checklist, started from what is saved. Its parent remounts it when the saved events change, and
 * holds the call: the outcome arrives after the remount it causes.
 */
function EventsForm({
  saved,
  pending,
  error,
  onSave,
}: {
  saved: readonly WebhookEvent[];
  pending: boolean;
  error: string | null;
  onSave: (events: WebhookEvent[]) => void;
}) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<string[]>(() => tickedOf(saved));
  const initial = tickedOf(saved);
  const dirty = ticked.length !== initial.length || initial.some((name) => !ticked.includes(name));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Every name, ticked or not: the server keeps the list as the page shows it.
    onSave(webhookEventNames.map((name) => ({ name, checked: ticked.includes(name) })));
  };

  return (
    <form onSubmit={onSubmit} aria-label={t('webhooks.events.title')}>
      <Stack gap="sm">
        <Checkbox.Group
          label={t('webhooks.events.label')}
          description={t('webhooks.events.help')}
          value={ticked}
          onChange={setTicked}
        >
          <Stack gap={8} mt={8}>
            {webhookEventNames.map((name) => (
              <Checkbox
                key={name}
                value={name}
                label={t(`webhooks.events.labels.${name}`)}
                description={t(`webhooks.events.explanations.${name}`)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <FormError message={error} />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={!dirty}>
            {t('webhooks.events.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Events": which of the ten events are sent to my address, each with a line on when it happens. */
export function EventsCard({ events }: { events: readonly WebhookEvent[] }) {
  const { t } = useTranslation();
  const errorText = useWebhookCallErrorText();
  const update = useUpdateWebhookEvents();
  return (
    <PageSection id="webhook-events" title={t('webhooks.events.title')}>
      <EventsForm
        key={tickedOf(events).join(',')}
        saved={events}
        pending={update.isPending}
        error={update.isError ? errorText(update.error) : null}
        onSave={(next) =>
          update.mutate(
            { events: next },
            { onSuccess: () => toast.success({ message: t('webhooks.events.saved') }) },
          )
        }
      />
    </PageSection>
  );
}
