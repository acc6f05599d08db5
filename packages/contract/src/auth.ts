import { z } from 'zod';
import {
  containsDigit,
  containsLowercase,
  containsSpecial,
  containsUppercase,
  hasMinLength,
  isEmail,
  lineString,
} from './strings.js';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 24;
export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome (ASVS 6.2.9); the cap only bounds hashing cost. */
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** Names a user may not take: they would impersonate the platform or its staff. */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'moderator',
  'support',
  'system',
  'root',
  'staff',
  'help',
  'security',
  'api',
  'me',
  // Fixed paths under /rest/v1/users/: a profile of that name would be shadowed by them.
  'avatar',
  'birth-date',
  'close',
  'current_user',
  'kyc-check',
  'phone',
  'sessions',
  'settings',
  'two-factor',
  // Fixed pages under /user/ in the web app, beside the profiles at /user/{username}.
  'api-keys',
  'webhooks',
]);

export const usernameSchema = lineString()
  .trim()
  .min(USERNAME_MIN_LENGTH, { message: `At least ${USERNAME_MIN_LENGTH} characters` })
  .max(USERNAME_MAX_LENGTH, { message: `At most ${USERNAME_MAX_LENGTH} characters` })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, {
    message: 'Letters, digits, "_" and "-" only, starting with a letter or digit',
  })
  .refine((value) => !RESERVED_USERNAMES.has(value.toLowerCase()), {
    message: 'This username is reserved',
  });

export const emailSchema = lineString()
  .trim()
  .max(EMAIL_MAX_LENGTH, { message: `At most ${EMAIL_MAX_LENGTH} characters` })
  .refine(isEmail, { message: 'Enter a valid e-mail address' });

/**
 * Password strength as the issue asks: a minimum length plus a digit, a lowercase, an uppercase and a
 * special character (the spec's string helpers). Each rule reports separately so the form can list them.
 */
export const passwordSchema = lineString()
  .max(PASSWORD_MAX_LENGTH, { message: `At most ${PASSWORD_MAX_LENGTH} characters` })
  .superRefine((value, ctx) => {
    const rules: [boolean, string][] = [
      [hasMinLength(value, PASSWORD_MIN_LENGTH), `At least ${PASSWORD_MIN_LENGTH} characters`],
      [containsDigit(value), 'At least one digit'],
      [containsLowercase(value), 'At least one lowercase letter'],
      [containsUppercase(value), 'At least one uppercase letter'],
      [containsSpecial(value), 'At least one special character'],
    ];
    for (const [ok, message] of rules) if (!ok) ctx.addIssue({ code: 'custom', message });
  });

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  /** Username or e-mail address. */
  login: lineString().trim().min(1, { message: 'Enter your username or e-mail' }).max(EMAIL_MAX_LENGTH),
  password: lineString().min(1, { message: 'Enter your password' }).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const csrfTokenResponseSchema = z.object({ csrfToken: z.string() });
