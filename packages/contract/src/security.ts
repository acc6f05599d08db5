import { z } from 'zod';
import { emailSchema, passwordSchema, PASSWORD_MAX_LENGTH } from './auth.js';
import { lineString } from './strings.js';

/**
 * Sessions and passwords (issue 12, decision 0027): the security page's sessions, the password change,
 * and the forgotten-password link.
 */

/** One of my sessions (`GET /rest/v1/users/sessions`). */
export const userSessionSchema = z.object({
  /** A public name for the session (not its token): `DELETE /rest/v1/users/sessions/{id}`. */
  id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** Browser and system read from the user agent ("Chrome 131 on Windows"); null when unknown. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const userSessionsSchema = z.array(userSessionSchema);

export const userSessionParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Not a session') });

/** `DELETE /rest/v1/users/sessions[/{id}]`: how many sessions ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });

/** `POST /rest/v1/auth/password/change`. */
export const passwordChangeBodySchema = z.object({
  currentPassword: lineString().min(1, { message: 'Enter your password' }).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type PasswordChangeBody = z.input<typeof passwordChangeBodySchema>;

/** `POST /rest/v1/auth/password/forgot`: always the same answer, whether the address has an account. */
export const passwordForgotBodySchema = z.object({ email: emailSchema });
export type PasswordForgotBody = z.input<typeof passwordForgotBodySchema>;

/** `POST /rest/v1/auth/password/reset`: the token from the mailed link and the new password. */
export const passwordResetBodySchema = z.object({
  token: lineString().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid'),
  password: passwordSchema,
});
export type PasswordResetBody = z.input<typeof passwordResetBodySchema>;

export const passwordChangedSchema = z.object({
  /** Other sessions ended by the change (all of them after a reset). */
  endedSessions: z.number().int(),
});
