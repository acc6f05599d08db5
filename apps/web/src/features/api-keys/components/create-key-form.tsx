import {
  apiKeyScopes,
  createApiKeyBodySchema,
  DEFAULT_API_KEY_SCOPES,
  type CreatedApiKey,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError, useApiErrorText } from '@/shared/api';
import { applyServerFieldErrors, translateFieldError } from '@/shared/forms/field-errors';
import { FormError } from '@/shared/ui/form-error';
import { useCreateApiKey } from '../api/api-keys';

type FormInput = z.input<typeof createApiKeyBodySchema>;
type FormOutput = z.output<typeof createApiKeyBodySchema>;

/**
 * A new key: a name to tell it apart and what it may do. Sending crypto out is off unless chosen, and
 * says what it risks when it is.
 */
export function CreateKeyForm({
  disabled,
  onCreated,
}: {
  /** The trader holds as many keys as they may. */
  disabled: boolean;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const fallbackText = useApiErrorText();
  const create = useCreateApiKey();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createApiKeyBodySchema),
    mode: 'onTouched',
    defaultValues: { name: '', scopes: [...DEFAULT_API_KEY_SCOPES] },
  });
  const scopes = useWatch({ control, name: 'scopes' });
  // An empty name says what to do; anything else (length, control characters) in the shared words.
  const nameError = !errors.name
    ? undefined
    : errors.name.type === 'too_small'
      ? t('apiKeys.create.nameRequired')
      : translateFieldError(t, errors.name);

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync(body);
      reset();
      onCreated(created);
    } catch (error) {
      if (isApiError(error) && error.isValidationError) {
        applyServerFieldErrors(error, setError, ['name', 'scopes']);
        return;
      }
      setFormError(fallbackText(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('apiKeys.create.title')}>
      <Stack gap="sm">
        <TextInput
          label={t('apiKeys.create.name')}
          description={t('apiKeys.create.nameHelp')}
          maxLength={60}
          required
          disabled={disabled}
          error={nameError}
          {...register('name')}
        />
        <Controller
          control={control}
          name="scopes"
          render={({ field }) => (
            <Checkbox.Group
              label={t('apiKeys.create.scopes')}
              value={field.value}
              onChange={field.onChange}
              error={errors.scopes ? t('apiKeys.create.scopesRequired') : undefined}
            >
              <Stack gap={6} mt={6}>
                {apiKeyScopes.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    disabled={disabled}
                    label={t(`apiKeys.scopes.${scope}`)}
                    description={t(`apiKeys.scopeHelp.${scope}`)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        {/* What no scope reaches: the server's route access table (decision 0049). */}
        <Text size="xs" c="dimmed" data-testid="api-keys-never">
          {t('apiKeys.create.neverReach')}
        </Text>
        {scopes?.includes('wallet-withdraw') ? (
          <Alert color="orange" variant="light" data-testid="withdraw-scope-warning">
            <Text size="sm">{t('apiKeys.create.withdrawWarning')}</Text>
          </Alert>
        ) : null}
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={disabled}>
            {t('apiKeys.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
