import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../api/api-error';

/**
 * The contract's zod schemas carry English messages, and the server's 422 details repeat them. The UI
 * shows them in the user's language: by the detail's code when it has a meaning of its own
 * (USERNAME_TAKEN), else by recognising the contract's message; anything unknown is shown as sent.
 */
const MESSAGE_KEYS = {
  'Letters, digits, "_" and "-" only, starting with a letter or digit': 'validation.usernameCharacters',
  'This username is reserved': 'validation.usernameReserved',
  'Enter a valid e-mail address': 'validation.email',
  'At least one digit': 'validation.passwordDigit',
  'At least one lowercase letter': 'validation.passwordLowercase',
  'At least one uppercase letter': 'validation.passwordUppercase',
  'At least one special character': 'validation.passwordSpecial',
  'Enter your username or e-mail': 'validation.loginRequired',
  'Enter your password': 'validation.passwordRequired',
} as const;

const CODE_KEYS = {
  USERNAME_TAKEN: 'validation.usernameTaken',
  EMAIL_TAKEN: 'validation.emailTaken',
} as const;

const hasKey = <T extends object>(map: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(map, key);

/** A form field's error (react-hook-form's shape): `type` is the zod issue or server detail code. */
export type FieldErrorLike = { type?: string | number; message?: string } | undefined;

export function translateFieldError(t: TFunction, error: FieldErrorLike): string | undefined {
  if (!error) return undefined;
  const type = typeof error.type === 'string' ? error.type : '';
  if (hasKey(CODE_KEYS, type)) return t(CODE_KEYS[type]);
  const message = error.message ?? '';
  if (hasKey(MESSAGE_KEYS, message)) return t(MESSAGE_KEYS[message]);
  const min = /^At least (\d+) characters$/.exec(message);
  if (min) return t('validation.minLength', { count: Number(min[1]) });
  const max = /^At most (\d+) characters$/.exec(message);
  if (max) return t('validation.maxLength', { count: Number(max[1]) });
  return message || t('validation.invalid');
}

/**
 * Puts a 422 answer's `details` onto the form's fields (spec: "server validation errors ... are mapped
 * into field errors"). Returns the details that name no field of this form, for a form-level message.
 */
export function applyServerFieldErrors<TFields extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<TFields>,
  fields: readonly Path<TFields>[],
): ApiError['details'] {
  const unmatched: ApiError['details'][number][] = [];
  let focused = false;
  for (const detail of error.details) {
    const field = fields.find((name) => name === detail.field);
    if (!field) {
      unmatched.push(detail);
      continue;
    }
    setError(field, { type: detail.code, message: detail.message }, { shouldFocus: !focused });
    focused = true;
  }
  return unmatched;
}
