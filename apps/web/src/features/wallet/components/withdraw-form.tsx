import { formatBaseUnits, parseAmount, withdrawBodySchema, type WithdrawBody } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/shared/api';
import { applyServerFieldErrors } from '@/shared/forms/field-errors';
import { ErrorState } from '@/shared/ui/error-state';
import { IconAlertCircle } from '@/shared/ui/icons';
import { toast } from '@/shared/ui/toast';
import { useWithdrawConditions, type WithdrawConditions } from '../api/get-withdraw-conditions';
import { useWithdraw } from '../api/withdraw';
import { useWalletFormat } from '../hooks/use-wallet-format';
import type { WalletCoin } from '../hooks/use-wallet-coins';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { toUnits, trimAmount } from '../utils/money';
import { isRetryable, translateWalletFieldError, walletErrorMessage } from '../utils/wallet-errors';
import { CryptoAmount } from './amount';
import { CoinSelect } from './coin-select';
import { DemoNetworkNotice } from './demo-network-notice';
import { FeePreview, type FeeBreakdown } from './fee-preview';
import { WithdrawConfirmModal, type WithdrawReview } from './withdraw-confirm-modal';
import { useTwoFactorState } from '@/features/two-factor/api/two-factor';
import { isKycRefusal, VerificationLink } from '@/features/verification';
import {
  SecondFactorField,
  useSecondFactorErrorText,
} from '@/features/two-factor/components/second-factor-field';
import { useCurrentUser } from '@/shared/session/current-user';
import { numericClass } from '@/shared/ui/numeric';
import { isWithdrawBlocked, WithdrawConditionsNotice } from './withdraw-conditions-notice';

const DESTINATIONS = ['address', 'username'] as const;
type Destination = (typeof DESTINATIONS)[number];

/** The contract's limits on the destination (withdrawBodySchema). */
const MAX_LENGTH: Record<Destination, number> = { address: 200, username: 64 };

/** The form's fields; the names are the request's, so the server's 422 details land on them. */
export type WithdrawFormValues = {
  destination: Destination;
  address: string;
  username: string;
  amount: string;
};
const SERVER_FIELDS = ['amount', 'address', 'username'] as const;

/**
 * Client-side rules, mirroring the server's: a destination of the chosen kind, and an amount the
 * contract's parseAmount accepts for this coin (digits and one point, no more decimals than the coin
 * has, above zero) that the balance covers. Issue messages are codes, translated when shown.
 */
export function buildWithdrawFormSchema(decimals: number, maxUnits: bigint | null) {
  return z
    .object({
      destination: z.enum(DESTINATIONS),
      address: z.string(),
      username: z.string(),
      amount: z.string(),
    })
    .superRefine((values, ctx) => {
      const field = values.destination;
      const target = values[field].trim();
      if (!target) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
      } else if (target.length > MAX_LENGTH[field]) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'too_long' });
      }
      const parsed = parseAmount(values.amount, decimals);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: parsed.code });
      } else if (maxUnits !== null && parsed.units > maxUnits) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'insufficient_funds' });
      }
    });
}

/** Amount + fee for the preview, exact; nulls while the amount is not a valid one. */
export function feeBreakdown(
  conditions: WithdrawConditions,
  amount: string,
  internal: boolean,
): FeeBreakdown {
  const { decimals } = conditions;
  const parsed = parseAmount(amount, decimals);
  const feeUnits = internal ? 0n : toUnits(conditions.networkFee, decimals);
  return {
    code: conditions.cryptoCurrencyCode,
    decimals,
    amount: parsed.ok ? formatBaseUnits(parsed.units, decimals) : null,
    fee: formatBaseUnits(feeUnits, decimals),
    total: parsed.ok ? formatBaseUnits(parsed.units + feeUnits, decimals) : null,
    internal,
    network: conditions.network,
  };
}

type WithdrawPanelProps = {
  coins: readonly WalletCoin[];
  coin: WalletCoin;
  onCoinChange: (code: string) => void;
  onOpenBond: () => void;
};

/** Send crypto: to an external address (network fee on top) or to another user by username (free). */
export function WithdrawPanel({ coins, coin, onCoinChange, onOpenBond }: WithdrawPanelProps) {
  const { t } = useTranslation();
  const code = coin.cryptoCurrencyCode;
  const conditions = useWithdrawConditions(code);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('wallet.withdraw.title', { code })}
        </Title>
        <CoinSelect
          coins={coins}
          value={code}
          onChange={onCoinChange}
          label={t('wallet.withdraw.coinLabel')}
          maw={{ lg: 'calc(50% - var(--mantine-spacing-lg) / 2)' }}
        />
        {conditions.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={36} />
            <Skeleton height={42} />
            <Skeleton height={42} />
          </Stack>
        ) : conditions.isError ? (
          <ErrorState
            message={t('wallet.withdraw.conditionsError')}
            onRetry={() => void conditions.refetch()}
          />
        ) : (
          // A new coin is a new form: an address or amount typed for one coin means nothing for another.
          <WithdrawForm key={code} coin={coin} conditions={conditions.data} onOpenBond={onOpenBond} />
        )}
      </Stack>
    </Paper>
  );
}

type Submission = { body: WithdrawBody; idempotencyKey: string; review: WithdrawReview };

function WithdrawForm({
  coin,
  conditions,
  onOpenBond,
}: {
  coin: WalletCoin;
  conditions: WithdrawConditions;
  onOpenBond: () => void;
}) {
  const { t } = useTranslation();
  const format = useWalletFormat();
  const mutation = useWithdraw();
  const codeErrorText = useSecondFactorErrorText();
  const [submission, setSubmission] = useState<Submission | null>(null);
  // A code at send-out: known from the current user, or learnt from the server's 403 (decision 0028).
  const askedForCode = useCurrentUser().data?.twoFactor.sendout ?? false;
  const [codeRequired, setCodeRequired] = useState(false);
  const needsCode = askedForCode || codeRequired;
  const twoFactor = useTwoFactorState(submission !== null && needsCode);
  const [secondFactorCode, setSecondFactorCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // The form's refusal came from the verification level (ID_REQUIRED): offer the way to raise it.
  const [formErrorKyc, setFormErrorKyc] = useState(false);
  const { decimals } = conditions;
  const code = conditions.cryptoCurrencyCode;
  const blocked = isWithdrawBlocked(conditions);

  // What each destination allows at most; an internal transfer costs no fee, so all of the balance.
  const maxFor = (destination: Destination) =>
    destination === 'username' ? toUnits(coin.balance, decimals) : toUnits(conditions.maxAmount, decimals);
  // useForm takes the resolver of the latest render, so the limits follow refreshed balances.
  const resolver: Resolver<WithdrawFormValues> = (values, context, options) =>
    zodResolver(buildWithdrawFormSchema(decimals, maxFor(values.destination)))(values, context, options);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    reset,
    control,
    formState: { errors },
  } = useForm<WithdrawFormValues>({
    resolver,
    defaultValues: { destination: 'address', address: '', username: '', amount: '' },
    mode: 'onTouched',
  });
  const destination = useWatch({ control, name: 'destination' });
  const amount = useWatch({ control, name: 'amount' });
  const internal = destination === 'username';
  const breakdown = feeBreakdown(conditions, amount, internal);
  const maxText = formatBaseUnits(maxFor(destination), decimals);
  const fieldContext = { decimals, network: conditions.network, internal };
  const fieldError = (name: keyof WithdrawFormValues) =>
    translateWalletFieldError(t, errors[name], fieldContext);
  // Above the level's send-out limit: said on the amount, with the way to raise the limit.
  const amountError =
    errors.amount?.type === 'WITHDRAWAL_LIMIT' ? (
      <>
        {fieldError('amount')} <VerificationLink />
      </>
    ) : (
      fieldError('amount')
    );

  const onReview = handleSubmit((values) => {
    setFormError(null);
    setFormErrorKyc(false);
    setConfirmError(null);
    const target = values[values.destination].trim();
    const body = withdrawBodySchema.safeParse({
      crypto_currency_code: code,
      amount: values.amount.trim(),
      [values.destination]: target,
    });
    if (!body.success || breakdown.amount === null || breakdown.total === null) {
      setFormError(t('wallet.errors.ERROR_INPUT_VALIDATION'));
      return;
    }
    setSubmission({
      body: body.data,
      // One key per submission: "Send" pressed again after a lost answer cannot send twice.
      idempotencyKey: newIdempotencyKey(),
      review: {
        ...breakdown,
        amount: breakdown.amount,
        total: breakdown.total,
        coinName: coin.name,
        destination: target,
        simulated: conditions.simulated,
      },
    });
  });

  const onConfirm = async () => {
    if (!submission) return;
    setConfirmError(null);
    setCodeError(null);
    try {
      const created = await mutation.mutateAsync({
        body: needsCode ? { ...submission.body, code: secondFactorCode } : submission.body,
        idempotencyKey: submission.idempotencyKey,
      });
      setSecondFactorCode('');
      const { review } = submission;
      const waits = created?.status === 'awaiting_approval';
      toast.success({
        title: review.internal
          ? t('wallet.withdraw.sentInternalTitle')
          : waits
            ? t('wallet.withdraw.awaitingApprovalTitle')
            : t('wallet.withdraw.sentTitle'),
        message: waits
          ? t('wallet.withdraw.awaitingApproval', { amount: format.crypto(review.amount, code), code })
          : review.internal
            ? t('wallet.withdraw.sentInternal', {
                amount: format.crypto(review.amount, code),
                code,
                username: review.destination,
              })
            : t('wallet.withdraw.sentExternal', { amount: format.crypto(review.amount, code), code }),
      });
      setSubmission(null);
      reset({ destination: review.internal ? 'username' : 'address', address: '', username: '', amount: '' });
    } catch (error) {
      // A missing or wrong code keeps the review open, with the same key, for the code.
      const codeProblem = codeErrorText(error);
      if (codeProblem) {
        if (isApiError(error) && error.code === 'TWO_FACTOR_REQUIRED') setCodeRequired(true);
        setCodeError(codeProblem);
        return;
      }
      if (isRetryable(error)) {
        // Nothing is known to have happened: the same submission (same key) may be sent again.
        setConfirmError(t('wallet.confirm.retryHint'));
        return;
      }
      setSubmission(null);
      if (isApiError(error) && error.isValidationError) {
        const unmatched = applyServerFieldErrors(error, setError, SERVER_FIELDS);
        if (unmatched.length > 0) {
          // A detail on no field of this form (the coin itself): said above the button, in words.
          const texts = unmatched.map((detail) =>
            translateWalletFieldError(t, { type: detail.code, message: detail.message }, fieldContext),
          );
          setFormError(texts.join(' '));
        }
        return;
      }
      setFormError(walletErrorMessage(t, error, { formatDate: format.dateTime }));
      setFormErrorKyc(isApiError(error) && isKycRefusal(error.code));
    }
  };

  const fillMax = () => {
    setValue('amount', trimAmount(maxText), { shouldValidate: true, shouldDirty: true });
  };

  return (
    <>
      <form onSubmit={onReview} noValidate aria-label={t('wallet.withdraw.formLabel')}>
        {conditions.simulated ? (
          <DemoNetworkNotice kind="send" code={code} network={conditions.network} mb="lg" />
        ) : null}
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Stack gap="md">
            <Input.Wrapper
              label={t('wallet.withdraw.destinationLabel')}
              labelElement="div"
              labelProps={{ id: 'withdraw-destination-label' }}
              size="md"
            >
              <SegmentedControl
                fullWidth
                mt={4}
                aria-labelledby="withdraw-destination-label"
                value={destination}
                onChange={(value) => {
                  const next: Destination = value === 'username' ? 'username' : 'address';
                  setValue('destination', next);
                  clearErrors(['address', 'username', 'amount']);
                }}
                data={[
                  { value: 'address', label: t('wallet.withdraw.toAddress') },
                  { value: 'username', label: t('wallet.withdraw.toUser') },
                ]}
              />
            </Input.Wrapper>
            {internal ? (
              <TextInput
                key="username"
                label={t('wallet.withdraw.usernameLabel')}
                description={t('wallet.withdraw.usernameHint')}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                leftSection="@"
                required
                error={fieldError('username')}
                {...register('username')}
              />
            ) : (
              <TextInput
                key="address"
                label={t('wallet.withdraw.addressLabel', { network: conditions.network })}
                description={t('wallet.withdraw.addressHint', { code, network: conditions.network })}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                required
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                error={fieldError('address')}
                {...register('address')}
              />
            )}
            <TextInput
              label={t('wallet.withdraw.amountLabel', { code })}
              description={
                <span>
                  {internal ? t('wallet.withdraw.availableInternal') : t('wallet.withdraw.availableExternal')}{' '}
                  <CryptoAmount amount={maxText} code={code} fz="xs" data-testid="withdraw-max" />
                </span>
              }
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              required
              rightSectionWidth={64}
              rightSectionPointerEvents="all"
              rightSection={
                <Button size="compact-xs" variant="light" onClick={fillMax} disabled={blocked}>
                  {t('wallet.withdraw.max')}
                </Button>
              }
              classNames={{ input: numericClass }}
              error={amountError}
              {...register('amount')}
            />
          </Stack>
          <Stack gap="md">
            <WithdrawConditionsNotice
              conditions={conditions}
              escrowAmount={coin.escrowAmount}
              onOpenBond={onOpenBond}
            />
            <FeePreview breakdown={breakdown} />
            {formError ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle />}
                role="alert"
                data-testid="withdraw-error"
              >
                {formError}
                {formErrorKyc ? (
                  <>
                    {' '}
                    <VerificationLink />
                  </>
                ) : null}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" size="md" disabled={blocked} fullWidth>
                {t('wallet.withdraw.review')}
              </Button>
            </Group>
          </Stack>
        </SimpleGrid>
      </form>
      <WithdrawConfirmModal
        review={submission?.review ?? null}
        pending={mutation.isPending}
        error={confirmError}
        secondFactor={
          needsCode && twoFactor.data?.enabled ? (
            <SecondFactorField
              type={twoFactor.data.type === 'email' ? 'email' : 'ga'}
              value={secondFactorCode}
              onChange={setSecondFactorCode}
              error={codeError}
            />
          ) : null
        }
        confirmDisabled={needsCode && !secondFactorCode}
        onConfirm={() => void onConfirm()}
        onClose={() => {
          setSubmission(null);
          setConfirmError(null);
          setCodeError(null);
        }}
      />
    </>
  );
}
