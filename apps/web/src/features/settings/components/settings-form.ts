import { BIO_MAX, BIO_MAX_LINES, NOTIFY_INTERVAL_MAX, type UserSettingsBody } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api';
import { toast } from '@/shared/ui/toast';
import { useSaveSettings } from '../api/settings';

/** The server's field refusals in the page's language (the spec's codes: bio_max, notification_error...). */
export function useSettingsFieldErrors() {
  const { t } = useTranslation();
  return (error: unknown): Record<string, string> => {
    if (!isApiError(error)) return {};
    const fields: Record<string, string> = {};
    for (const detail of error.details) {
      const known: Record<string, string> = {
        bio_max: t('settings.errors.bio_max', { max: BIO_MAX }),
        bio_limit: t('settings.errors.bio_limit', { max: BIO_MAX_LINES }),
        bio_contact_error: t('settings.errors.bio_contact_error'),
        notification_digits_error: t('settings.errors.notification_digits_error'),
        notification_error: t('settings.errors.notification_error', { max: NOTIFY_INTERVAL_MAX }),
        unknown_currency: t('settings.errors.unknown_currency'),
        invalid_timezone: t('settings.errors.invalid_timezone'),
        USERNAME_TAKEN: t('validation.usernameTaken'),
        same_username: t('settings.errors.same_username'),
        wrong_password: t('security.password.wrong_password'),
      };
      fields[detail.field] = known[detail.code] ?? detail.message;
    }
    return fields;
  };
}

/**
 * A settings form's save: the body to `POST /rest/v1/users/settings`, "profile has been updated" on
 * success (then `onSaved`), and the refusals by field for the inputs.
 */
export function useSettingsForm() {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const fieldErrors = useSettingsFieldErrors();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (body: UserSettingsBody, onSaved?: () => void) => {
    setErrors({});
    save.mutate(body, {
      onSuccess: () => {
        toast.success({ message: t('settings.updated') });
        onSaved?.();
      },
      onError: (error) => setErrors(fieldErrors(error)),
    });
  };
  return { errors, submit, pending: save.isPending };
}
