import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import { startTradeFailure } from './start-trade-errors';

const apiError = (status: number, errors: unknown[]) => {
  const body = { errors };
  const [first] = errors as { code: string; message: string; details?: [] }[];
  return new ApiError(status, first?.code ?? 'HTTP_ERROR', first?.message ?? '', {
    details: first?.details ?? [],
    body,
  });
};

describe('startTradeFailure', () => {
  it('should type the spec error kinds and put the amount detail on the field', () => {
    const failure = startTradeFailure(
      apiError(422, [
        {
          code: 'max_per_trade_limit',
          message: 'Until your ID is verified a trade may be worth at most 5000 USD.',
          details: [
            { field: 'fiat_amount', message: 'Until your ID is verified ...', code: 'max_per_trade_limit' },
          ],
        },
      ]),
      'fallback',
    );
    expect(failure.errors).toEqual([
      {
        kind: 'max_per_trade_limit',
        code: 'max_per_trade_limit',
        message: 'Until your ID is verified a trade may be worth at most 5000 USD.',
      },
    ]);
    expect(failure.amountError).toBe('Until your ID is verified ...');
  });

  it('should keep every entry of the list, unknown codes as default', () => {
    const failure = startTradeFailure(
      apiError(409, [
        { code: 'max_2_active_trades_id_not_verified', message: 'Finish one first.' },
        { code: 'LowBalance', message: 'The seller cannot cover it.' },
      ]),
      'fallback',
    );
    expect(failure.errors.map((e) => e.kind)).toEqual(['max_2_active_trades_id_not_verified', 'default']);
    expect(failure.amountError).toBeNull();
  });

  it('should say a plain validation answer about the amount only at the field', () => {
    const failure = startTradeFailure(
      apiError(422, [
        {
          code: 'ERROR_INPUT_VALIDATION',
          message: 'The input is not valid',
          details: [{ field: 'fiat_amount', message: 'At most 2 decimal places', code: 'too_many_decimals' }],
        },
      ]),
      'fallback',
    );
    expect(failure.errors).toEqual([]);
    expect(failure.amountError).toBe('At most 2 decimal places');
  });

  it('should turn a failure without an answer into one default entry', () => {
    expect(startTradeFailure(new Error('boom'), 'fallback').errors).toEqual([
      { kind: 'default', code: 'UNKNOWN', message: 'fallback' },
    ]);
  });
});
