import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, isApiError } from '@/shared/api';
import { applyServerFieldErrors } from '@/shared/forms/field-errors';
import { IconAlertCircle } from '@/shared/ui/icons';
import { toast } from '@/shared/ui/toast';
import { offerErrorMessage, translateOfferFieldError } from '../utils/offer-errors';

/** The server presents fiat values at the currency's precision: `10.00` has 2 decimals, `1500` none. */
export const precisionOf = (amount: string): number => amount.split('.')[1]?.length ?? 0;

/**
 * What a failed quick edit shows: 422 details on the form's fields (the request's own names; a
 * list item's problem on the whole list), the rest in words above the buttons.
 */
export function useQuickEditFailure<T extends FieldValues>(
  form: UseFormReturn<T>,
  fields: readonly Path<T>[],
  precision: number,
) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const fail = (error: unknown) => {
    if (isApiError(error) && error.isValidationError) {
      const details = error.details.map((detail) => ({ ...detail, field: detail.field.split('.')[0] ?? '' }));
      const unmatched = applyServerFieldErrors<T>(
        new ApiError(error.status, error.code, error.message, { details }),
        form.setError,
        fields,
      );
      setMessage(
        unmatched.length > 0
          ? unmatched
              .map((d) =>
                translateOfferFieldError(
                  t,
                  { type: d.code, message: d.message },
                  { field: d.field, fiatPrecision: precision },
                ),
              )
              .join(' ')
          : null,
      );
      return;
    }
    setMessage(offerErrorMessage(t, error));
  };
  return { message, setMessage, fail };
}

export function FormFooter({
  pending,
  onCancel,
  message,
}: {
  pending: boolean;
  onCancel: () => void;
  message: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {message ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {message}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {t('offerManager.quickEdit.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A quick edit's form: its fields, then cancel and save. `save` makes the call and answers the words of
 * the success toast; the panel then closes. A failure lands on the fields or above the buttons.
 */
export function QuickEditForm<T extends FieldValues>({
  form,
  label,
  failure,
  save,
  pending,
  onDone,
  children,
}: {
  form: UseFormReturn<T>;
  label: string;
  failure: ReturnType<typeof useQuickEditFailure<T>>;
  save: (values: T) => Promise<string>;
  pending: boolean;
  onDone: () => void;
  children: ReactNode;
}) {
  const onSubmit = form.handleSubmit(async (values) => {
    failure.setMessage(null);
    try {
      toast.success({ message: await save(values) });
      onDone();
    } catch (caught) {
      failure.fail(caught);
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
        <Stack gap="sm">
          {children}
          <FormFooter pending={pending} onCancel={onDone} message={failure.message} />
        </Stack>
      </form>
    </FormProvider>
  );
}
