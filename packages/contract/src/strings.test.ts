import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerBodySchema } from './auth.js';
import { offerBodySchema, offerSearchQuerySchema } from './offers.js';
import { INVALID_CHARACTERS_CODE, lineString, textString } from './strings.js';
import { tradeIdParamsSchema, tradeMessageBodySchema } from './trades.js';
import { withdrawBodySchema } from './wallet.js';

const codesOf = (result: { success: boolean; error?: { issues: { code: string; params?: unknown }[] } }) =>
  (result.error?.issues ?? []).map((issue) =>
    issue.code === 'custom' ? (issue.params as { code?: string } | undefined)?.code : issue.code,
  );

describe('text hygiene', () => {
  const controls = ['\u0000', '\u0001', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009f'];
  const brokenUnicode = ['\ud800', '\udfff', 'a\ud83d', '\ude00b', '\ufffe', '\uffff'];

  it.each([...controls, ...brokenUnicode])('should refuse %j in any text', (bad) => {
    for (const schema of [textString(), lineString()]) {
      const result = schema.safeParse(`before${bad}after`);
      expect(result.success).toBe(false);
      expect(codesOf(result)).toEqual([INVALID_CHARACTERS_CODE]);
    }
  });

  it('should keep tabs and line breaks in multi-line texts only', () => {
    expect(textString().safeParse('line 1\r\nline 2\n\tindented').success).toBe(true);
    for (const separator of ['\n', '\r', '\t']) {
      expect(lineString().safeParse(`alice${separator}bob`).success).toBe(false);
    }
  });

  it('should accept what people really write: emoji, RTL, combining marks, CJK', () => {
    for (const value of [
      'pago 👍🏽 recibido',
      'مرحبا بالعالم',
      'שלום',
      'e\u0301te\u0301',
      '汇款',
      '\u200fRLM',
    ]) {
      expect(textString().safeParse(value).success, value).toBe(true);
      expect(lineString().safeParse(value).success, value).toBe(true);
    }
  });

  it('should stop at the first problem so the field gets one clear message', () => {
    const result = lineString()
      .trim()
      .min(3)
      .regex(/^[a-z]+$/)
      .safeParse('\u0000');
    expect(result.error?.issues).toHaveLength(1);
  });

  it('should be the base of the API input schemas', () => {
    const nul = 'x\u0000y';
    const cases: [string, { safeParse(value: unknown): { success: boolean } }, unknown][] = [
      ['chat text', tradeMessageBodySchema, { text: nul }],
      ['login', loginBodySchema, { login: nul, password: 'Str0ng-pass!' }],
      [
        'register password',
        registerBodySchema,
        { username: 'alice', email: 'a@b.co', password: `Str0ng-pass!${nul}` },
      ],
      ['trade id', tradeIdParamsSchema, { id: `abcdefgh${nul}` }],
      ['withdraw username', withdrawBodySchema, { crypto_currency_code: 'BTC', amount: '1', username: nul }],
      ['search group', offerSearchQuerySchema, { group: nul }],
    ];
    for (const [name, schema, value] of cases) expect(schema.safeParse(value).success, name).toBe(false);
    for (const field of ['offer_terms', 'trade_details', 'payment_method_label']) {
      const result = offerBodySchema.safeParse({
        type: 'sell',
        crypto_currency_code: 'BTC',
        fiat_currency_code: 'USD',
        payment_method: 'bank-transfer',
        [field]: nul,
      });
      expect(
        result.error?.issues.map((issue) => issue.path.join('.')),
        field,
      ).toEqual([field]);
    }
  });
});
