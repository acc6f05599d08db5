import { describe, expect, it } from 'vitest';
import { bioContactKind, BIO_MAX, BIO_MAX_LINES, isTimeZone, userSettingsBodySchema } from './settings.js';

const codeOf = (body: Record<string, unknown>) => {
  const parsed = userSettingsBodySchema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0] as { params?: { code?: string } } | undefined;
  return issue?.params?.code;
};

describe('bio rules', () => {
  it.each([
    ['Call me on +34 600 111 222', 'phone'],
    ['whatsapp 0803-555-0199', 'messenger'],
    ['phone: 080 3555 0199', 'phone'],
    ['08035550199', 'phone'],
    ['mail ana@example.com', 'email'],
    ['ana (at) example (dot) com', 'email'],
    ['see https://example.com/me', 'url'],
    ['www.mytrades.io', 'url'],
    ['find me on Telegram', 'messenger'],
    ['DM @ana_trades', 'messenger'],
    ['t.me/ana', 'url'],
  ])('should find contact details in %j', (bio, kind) => {
    expect(bioContactKind(bio)).toBe(kind);
  });

  it.each([
    'Fast releases, 24/7. Bank transfers from 10 to 5,000 EUR.',
    'Trading since 2019; 1500+ trades. Price: market + 2%.',
    'I answer within 5 minutes between 9:00 and 18:00 CET.',
    'Limits 1000-5000 EUR, or 10000 - 50000 for regulars.',
    'Rate 1.05, fee 0.5%, 100.000-250.000 NGN.',
  ])('should let an ordinary bio through: %j', (bio) => {
    expect(bioContactKind(bio)).toBeNull();
    expect(codeOf({ bio })).toBeNull();
  });

  it('should refuse a too long bio (bio_max), too many lines (bio_limit) and contacts (bio_contact_error)', () => {
    expect(codeOf({ bio: 'a'.repeat(BIO_MAX + 1) })).toBe('bio_max');
    expect(codeOf({ bio: 'a'.repeat(BIO_MAX) })).toBeNull();
    expect(
      codeOf({
        bio: Array(BIO_MAX_LINES + 1)
          .fill('line')
          .join('\n'),
      }),
    ).toBe('bio_limit');
    expect(codeOf({ bio: 'text me at +1 555 123 4567' })).toBe('bio_contact_error');
    expect(codeOf({ bio: 'a\u0000b' })).toBe('invalid_characters');
  });
});

describe('other settings', () => {
  it('should take digits only for the notification interval, up to its maximum', () => {
    expect(userSettingsBodySchema.parse({ notify_trade_messages_interval: '15' })).toEqual({
      notify_trade_messages_interval: 15,
    });
    expect(userSettingsBodySchema.parse({ notify_trade_messages_interval: 0 })).toEqual({
      notify_trade_messages_interval: 0,
    });
    expect(codeOf({ notify_trade_messages_interval: '1.5' })).toBe('notification_digits_error');
    expect(codeOf({ notify_trade_messages_interval: '-3' })).toBe('notification_digits_error');
    expect(codeOf({ notify_trade_messages_interval: '61' })).toBe('notification_error');
  });

  it('should know time zones, and refuse unknown fields', () => {
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(codeOf({ timezone: 'Mars/Olympus' })).toBe('invalid_timezone');
    expect(userSettingsBodySchema.safeParse({ role: 'admin' }).success).toBe(false);
  });
});
