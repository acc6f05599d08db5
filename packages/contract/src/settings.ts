import { z } from 'zod';
import { usernameSchema } from './auth.js';
import { supportedLocales } from './common.js';
import { lineString, textString } from './strings.js';
import { fullNameDisplayForms, fullNameVisibilityTypes } from './full-name.js';

/**
 * User settings (issue 12, decision 0029): the spec's profile (bio, notification interval for trade
 * messages), full-name visibility and its display form, preferred currency, language and time zone.
 */

/** The spec's `bio_max`: the bio's length in characters. */
export const BIO_MAX = 500;
/** The spec's second limit, `bio_limit`: lines (a bio is a paragraph or two, not a listing). */
export const BIO_MAX_LINES = 8;
/** The spec's notification interval for trade messages: default 10; ours: at most 60 minutes. */
export const NOTIFY_INTERVAL_DEFAULT = 10;
export const NOTIFY_INTERVAL_MAX = 60;

/**
 * What kind of contact detail a bio holds (the spec's `bio_contact_error`), or null: phone numbers
 * (seven digits or more, spaced or not), e-mail addresses, web addresses and messenger handles. Trading
 * happens in the trade chat, where a moderator can see it: contacts in a profile lead around escrow.
 */
export function bioContactKind(bio: string): 'phone' | 'email' | 'url' | 'messenger' | null {
  const text = bio.normalize('NFKC');
  if (/[\w.+-]+\s*(@|\(at\)|\[at\])\s*[\w-]+(\.|\s*\(dot\)\s*)[a-z]{2,}/i.test(text)) return 'email';
  if (
    /\b(https?:\/\/|www\.)\S+|\b[\w-]+\.(com|net|org|io|me|ly|gg|info|biz|co|app|xyz|ru|ng|uk|us)\b/i.test(
      text,
    )
  ) {
    return 'url';
  }
  if (
    /(^|\s)@[a-z0-9_]{4,}/i.test(text) ||
    /\b(telegram|whats\s?app|wa\.me|t\.me|signal|viber|wechat|skype|discord|snapchat|instagram|facebook|line\s?id)\b/i.test(
      text,
    )
  ) {
    return 'messenger';
  }
  // A phone number: "+" and seven digits or more (spaced or not); or nine digits or more, either in one
  // run or in three groups or more ("0803 555 0199"). Two groups are a range ("1000-50000 EUR").
  if (/\+\s*(\d[\s.()-]?){7,}/.test(text)) return 'phone';
  // Thousands separators first ("100.000" is one number, not two groups).
  const numbers = text.replace(/(\d)[.,](?=\d{3}(\D|$))/g, '$1');
  for (const run of numbers.match(/\d[\d\s.()-]*\d/g) ?? []) {
    const digits = run.replace(/\D/g, '').length;
    const groups = run.split(/[\s.()-]+/).filter(Boolean).length;
    if (digits >= 9 && (groups === 1 || groups >= 3)) return 'phone';
  }
  return null;
}

const custom = (ctx: z.RefinementCtx, message: string, code: string) =>
  ctx.addIssue({ code: 'custom', message, params: { code } });

/** The spec's bio rules, each with its own code: `bio_max`, `bio_limit`, `bio_contact_error`. */
const bioSchema = textString()
  .trim()
  .superRefine((bio, ctx) => {
    if (bio.length > BIO_MAX) custom(ctx, `At most ${BIO_MAX} characters`, 'bio_max');
    else if (bio.split('\n').length > BIO_MAX_LINES) {
      custom(ctx, `At most ${BIO_MAX_LINES} lines`, 'bio_limit');
    } else if (bioContactKind(bio)) {
      custom(ctx, 'No contact details: trade in the trade chat', 'bio_contact_error');
    }
  });

/** Digits only, as the spec says (`notification_digits_error`), at most the maximum (`notification_error`). */
const notifyIntervalSchema = z
  .union([z.number(), lineString()])
  .transform((value) => String(value).trim())
  .superRefine((value, ctx) => {
    if (!/^\d{1,4}$/.test(value)) custom(ctx, 'Digits only', 'notification_digits_error');
    else if (Number(value) > NOTIFY_INTERVAL_MAX) {
      custom(ctx, `At most ${NOTIFY_INTERVAL_MAX} minutes`, 'notification_error');
    }
  })
  .transform(Number);

/** Whether a name is an IANA time zone this runtime knows. */
export const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** `POST /rest/v1/users/settings`: any of these; what is left out stays as it is. */
export const userSettingsBodySchema = z
  .object({
    bio: bioSchema.optional(),
    notify_trade_messages_interval: notifyIntervalSchema.optional(),
    full_name_visibility_type: z.enum(fullNameVisibilityTypes).optional(),
    full_name_display_type: z.enum(fullNameDisplayForms).optional(),
    fiat_currency_code: lineString()
      .trim()
      .regex(/^[A-Z]{3}$/, 'A currency code such as USD')
      .optional(),
    locale: z.enum(supportedLocales).optional(),
    timezone: lineString()
      .trim()
      .max(64)
      .refine(isTimeZone, { message: 'Not a time zone', params: { code: 'invalid_timezone' } })
      .optional(),
  })
  .strict();
export type UserSettingsBody = z.input<typeof userSettingsBodySchema>;

/** The spec's user settings (our answer to `GET` and `POST /rest/v1/users/settings`). */
export const userSettingsSchema = z.object({
  bio: z.string(),
  notifyTradeMessagesInterval: z.number().int(),
  fullNameVisibilityType: z.enum(fullNameVisibilityTypes),
  fullNameDisplayType: z.enum(fullNameDisplayForms),
  fiatCurrencyCode: z.string(),
  fiatCurrencyId: z.number().int().nullable(),
  locale: z.string(),
  timezone: z.string(),
  usernameChanged: z.boolean(),
  securityQuestionsAnswered: z.boolean(),
  avatarUrl: z.string().nullable(),
  phoneData: z.object({
    number: z.string().nullable(),
    code: z.string().nullable(),
    countdown: z.number().int().nullable(),
    isAttemptsExceeded: z.boolean(),
  }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** `POST /rest/v1/users/set-username`: once per account (`usernameChanged`). */
export const setUsernameBodySchema = z.object({ username: usernameSchema });
export type SetUsernameBody = z.input<typeof setUsernameBodySchema>;

/** `POST /rest/v1/users/close`: the password confirms an irreversible step. */
export const closeAccountBodySchema = z.object({
  password: lineString().min(1, { message: 'Enter your password' }).max(128),
});
export type CloseAccountBody = z.input<typeof closeAccountBodySchema>;
