import {
  webhookErrorKeys,
  webhookUrlBodySchema,
  type Webhook,
  type WebhookCheck,
  type WebhookErrorKey,
  type WebhookStatus,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/shared/api';
import {
  applyServerFieldErrors,
  translateFieldError,
  type FieldErrorLike,
} from '@/shared/forms/field-errors';
import { FormError } from '@/shared/ui/form-error';
import { PageSection } from '@/shared/ui/page-section';
import { toast } from '@/shared/ui/toast';
import { useDeleteWebhook, useSaveWebhookUrl, useVerifyWebhook } from '../api/webhook';
import { useWebhookCallErrorText } from '../utils/error-text';
import { webhookPhase } from '../utils/webhook-phase';
import { CheckNotice } from './check-notice';
import { ConfirmModal } from './confirm-modal';

type FormInput = z.input<typeof webhookUrlBodySchema>;
type FormOutput = z.output<typeof webhookUrlBodySchema>;

const STATUS_COLOR: Record<WebhookStatus, string> = { initial: 'gray', enabled: 'teal', disabled: 'orange' };

const isErrorKey = (value: unknown): value is WebhookErrorKey =>
  (webhookErrorKeys as readonly unknown[]).includes(value);

/**
 * The address's refusal in the page's language. The contract's rules carry English messages (the
 * form's own check): each is known by its message or zod issue. The server's 422 names its reason by
 * an `errorKey` in the detail's code (https required, a private address...): said like a failed check.
 */
function urlErrorText(t: TFunction, error: FieldErrorLike): string | undefined {
  if (!error) return undefined;
  if (isErrorKey(error.type)) {
    const reason = t(`webhooks.errorKeys.${error.type}`);
    return reason.charAt(0).toUpperCase() + reason.slice(1);
  }
  const message = error.message ?? '';
  if (error.type === 'too_small' || message === 'Enter the address') return t('webhooks.url.required');
  if (error.type === 'too_big' || message === 'At most 2,000 characters') return t('webhooks.url.tooLong');
  if (message === 'Only http and https addresses') return t('webhooks.url.scheme');
  if (error.type === 'invalid_format' || message.startsWith('Enter a full address')) {
    return t('webhooks.url.invalid');
  }
  return translateFieldError(t, error);
}

/**
 * The address form. Remounted (by key) when the saved address changes, so it starts from what is saved.
 * Saving an unchanged address is pointless: the saved one is checked with "Check again" instead.
 */
function AddressForm({
  saved,
  checking,
  onSave,
  onVerify,
}: {
  saved: string | null;
  checking: boolean;
  onSave: (url: string) => Promise<unknown>;
  onVerify: (url: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useWebhookCallErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(webhookUrlBodySchema),
    mode: 'onTouched',
    defaultValues: { url: saved ?? '' },
  });

  const onSubmit = handleSubmit(async ({ url }) => {
    setFormError(null);
    try {
      await onSave(url);
    } catch (error) {
      if (isApiError(error) && error.isValidationError) {
        const unmatched = applyServerFieldErrors(error, setError, ['url']);
        if (unmatched.length > 0) setFormError(errorText(error));
        return;
      }
      setFormError(errorText(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('webhooks.url.title')}>
      <Stack gap="sm">
        <TextInput
          label={t('webhooks.url.label')}
          description={t('webhooks.url.help')}
          placeholder="https://example.com/hooks/p2p"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          maxLength={2_000}
          required
          readOnly={checking}
          error={urlErrorText(t, errors.url)}
          {...register('url')}
        />
        <FormError message={formError} />
        <Group justify="flex-end" gap="sm">
          {saved !== null ? (
            <Button variant="default" disabled={checking || isDirty} onClick={() => onVerify(saved)}>
              {t('webhooks.url.verify')}
            </Button>
          ) : null}
          <Button type="submit" loading={checking} disabled={saved !== null && !isDirty}>
            {t('webhooks.url.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Your address": the webhook's state, the address with save-and-check and check-again, and removal.
 * Saving and verifying both run the challenge while the call lasts (up to 10 s), shown as a spinner;
 * the outcome stays on the card as a notice.
 */
export function AddressCard({
  webhook,
  onSecret,
}: {
  webhook: Webhook;
  /** The whole secret, when an answer carries it (the first save). */
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useWebhookCallErrorText();
  const save = useSaveWebhookUrl();
  const verify = useVerifyWebhook();
  const remove = useDeleteWebhook();
  const [lastCheck, setLastCheck] = useState<WebhookCheck | null>(null);
  const [removing, setRemoving] = useState(false);
  const checking = save.isPending || verify.isPending;
  const phase = webhookPhase(webhook, checking, lastCheck);

  const onSave = async (url: string) => {
    setLastCheck(null);
    verify.reset();
    const answer = await save.mutateAsync({ url });
    setLastCheck(answer.check);
    if (answer.secret) onSecret(answer.secret);
  };
  const onVerify = (url: string) => {
    setLastCheck(null);
    verify.mutate({ url }, { onSuccess: (answer) => setLastCheck(answer.check) });
  };
  const closeRemove = () => {
    remove.reset();
    setRemoving(false);
  };

  return (
    <PageSection id="webhook-address" title={t('webhooks.url.title')}>
      <Group gap="xs">
        <Text size="sm" fw={600} component="span">
          {t('webhooks.status.label')}:
        </Text>
        <Badge variant="light" color={STATUS_COLOR[webhook.status]} data-testid="webhook-status">
          {t(`webhooks.status.${webhook.status}`)}
        </Badge>
      </Group>
      <CheckNotice phase={phase} verifiedAt={webhook.verifiedAt} />
      <AddressForm
        key={webhook.webhookUrl ?? ''}
        saved={webhook.webhookUrl}
        checking={checking}
        onSave={onSave}
        onVerify={onVerify}
      />
      <FormError message={verify.isError ? errorText(verify.error) : null} />
      {webhook.webhookUrl !== null ? (
        <Group justify="flex-start">
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            disabled={checking}
            onClick={() => setRemoving(true)}
          >
            {t('webhooks.remove.button')}
          </Button>
        </Group>
      ) : null}
      <ConfirmModal
        opened={removing}
        title={t('webhooks.remove.title')}
        body={t('webhooks.remove.body')}
        confirmLabel={t('webhooks.remove.confirm')}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onClose={closeRemove}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              closeRemove();
              setLastCheck(null);
              toast.success({ message: t('webhooks.remove.done') });
            },
          })
        }
      />
    </PageSection>
  );
}
