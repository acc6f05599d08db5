import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { applyServerFieldErrors } from '@/shared/forms/field-errors';
import { verificationErrorText } from '../utils/verification-errors';
import { useKycFormat } from './use-kyc-format';

/**
 * The verification forms' submit: runs the call, puts a 422's details on the fields they name (the
 * rest as "check the form"), and any other refusal above the button in words (attempts, review, ...).
 */
export function useVerificationSubmit<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  const { t } = useTranslation();
  const format = useKycFormat();
  const fallbackText = useApiErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const run = async (call: () => Promise<unknown>) => {
    setFormError(null);
    try {
      await call();
    } catch (error) {
      if (isApiError(error) && error.isValidationError) {
        const unmatched = applyServerFieldErrors(error, setError, fields);
        if (unmatched.length > 0) setFormError(t('verification.errors.checkForm'));
        return;
      }
      setFormError(verificationErrorText(t, error, fallbackText, format.dateTime));
    }
  };
  return { formError, run };
}
