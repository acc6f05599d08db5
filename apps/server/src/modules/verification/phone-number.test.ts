import { describe, expect, it } from 'vitest';
import { classifyPhoneNumber } from './phone-number.js';

const SUPPORTED = new Set(['ES', 'GB', 'NG', 'US', 'DE']);

describe('phone numbers (the spec error types)', () => {
  it.each([
    ['+34 612 34 56 78', '+34612345678'],
    ['+34612345678', '+34612345678'],
    ['+44 7400 123456', '+447400123456'],
    ['+234 803 555 0199', '+2348035550199'],
    ['+1 (415) 555-2671', '+14155552671'],
  ])('should take %j as %s', (text, e164) => {
    expect(classifyPhoneNumber(text, SUPPORTED)).toMatchObject({ ok: true, e164 });
  });

  it.each([
    ['hello', 'parse_error'],
    ['612 34 56 78', 'parse_error'],
    ['+34 12', 'invalid_number'],
    ['+34 112 34 56 78', 'invalid_number'],
    ['+34 912 34 56 78', 'wrong_phone_type'],
    ['+34 900 123 456', 'wrong_phone_type'],
    ['+33 6 12 34 56 78', 'sms_sending_not_supported'],
  ])('should refuse %j as %s', (text, type) => {
    expect(classifyPhoneNumber(text, SUPPORTED)).toEqual({ ok: false, type });
  });
});
