import fc from 'fast-check';
import { validValue, type Schema } from './openapi.js';

/**
 * Values an attacker or a broken client sends: control characters, huge and odd unicode strings,
 * numbers where strings belong and the reverse, injection-looking text, prototype keys. Each must end
 * in a 4xx (or a success), never a 5xx.
 */

export const HUGE_STRING = 'x'.repeat(100_000);

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001',
  '\u001b[31mred\u001b[0m',
  '\u007f',
  '\u0085',
  '\t\r\n',
  HUGE_STRING,
  '👍🏽👨‍👩‍👧‍👦',
  '\u202egnp.exe',
  'مرحبا بالعالم',
  'שלום',
  'e\u0301\u0302\u0303\u0304',
  'Z\u0338\u0322\u031b\u0356\u0344a\u0337\u0359\u030el\u0334\u0330\u0308',
  '\ud800',
  '\udfff',
  'a\ud83d',
  '\ufffe',
  '\uffff',
  '%00',
  '../../etc/passwd',
  '..\\..\\windows',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  '0x1F',
  '１２３',
  '١٢٣',
  '-0',
  '1.',
  '.5',
  ' 1 ',
  'null',
  'true',
  '__proto__',
  'constructor',
];

export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  [],
  [null],
  {},
  { a: 1 },
  ...HOSTILE_STRINGS,
];

/** Path segments as they arrive on the wire, already percent-encoded on purpose. */
export const ODD_PATH_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  'x'.repeat(300),
  'x'.repeat(5_000),
  '..%2f..%2fetc%2fpasswd',
  '..%2F',
  '%2e%2e',
  '%',
  '%ZZ',
  '%C0%AE',
  '%ED%A0%80',
  '%F0%9F%91%8D',
  '%E2%80%AE',
  '%20',
  '%0A',
  '%0D%0A',
  '-1',
  '0',
  '99999999999999999999',
  'null',
  '%27%22',
];

/** The path segments every operation gets (the random cases draw from all of them). */
export const FIXED_PATH_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  'x'.repeat(300),
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%ZZ',
  '%ED%A0%80',
  '%F0%9F%91%8D',
  '%0A',
  '99999999999999999999',
];

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...HOSTILE_VALUES), { maxLength: 3 }) },
);

const typeOf = (schema: Schema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** Values that follow the schema's shape (types, ranges, patterns), without the hints' real ids. */
function shapedArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return fc.oneof(...branches.map(shapedArbitrary));
  switch (typeOf(schema)) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, inner] of Object.entries(properties)) model[key] = shapedArbitrary(inner);
      return fc.record(model, { requiredKeys: schema.required?.filter((k) => k in properties) ?? [] });
    }
    case 'array':
      return fc.array(shapedArbitrary(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, -1_000_000_000),
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000_000),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern));
        } catch {
          // A pattern fast-check cannot generate from: fall back to plain strings.
        }
      }
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
    }
    case undefined:
    default:
      return hostileValue;
  }
}

/**
 * One field's value: mostly well-formed (so the rest of the request gets past validation and the
 * handler runs), sometimes shaped by the schema, sometimes hostile. Objects get the same treatment per
 * property, lose required keys and gain unknown ones.
 */
export function fuzzArbitrary(
  schema: Schema,
  name: string,
  hint: (name: string) => unknown,
): fc.Arbitrary<unknown> {
  const valid = fc.constant(validValue(schema, name, hint));
  if (typeOf(schema) === 'object' && schema.properties) {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, inner] of Object.entries(schema.properties)) {
      model[key] = fuzzArbitrary(inner, key, hint);
    }
    const object = fc
      .tuple(
        fc.record(model, { requiredKeys: [] }),
        fc.option(fc.dictionary(fc.constantFrom('extra', 'isAdmin', 'role', 'user_id', 'id'), hostileValue), {
          nil: undefined,
        }),
      )
      .map(([value, extra]) => ({ ...value, ...extra }));
    return fc.oneof(
      { weight: 4, arbitrary: object },
      { weight: 2, arbitrary: valid },
      { weight: 1, arbitrary: hostileValue },
    );
  }
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 2, arbitrary: shapedArbitrary(schema) },
    { weight: 3, arbitrary: hostileValue },
  );
}
