import { OFFER_PAYMENT_ACCOUNTS_MAX } from '@app/contract';
import { Anchor, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { useMyBankAccounts, useMyMobileMoneyWallets } from '../api/get-payment-accounts';
import type { OfferContext } from '../hooks/use-offer-context';
import { useOfferFieldError } from '../hooks/use-offer-field-error';
import type { OfferFormValues } from '../utils/offer-form';

/** Where the owner adds accounts (the settings page of issue 14). */
const PAYMENT_ACCOUNTS_PATH = '/user/payment-accounts';

/** One account the owner may list: `reason` says why it cannot go on this offer (null: it can). */
export type PaymentAccountOption = { id: number; label: string; detail: string; reason: string | null };

type AccountsField = 'bank_accounts' | 'mobile_money_wallets';

/**
 * Which list a form takes (decision 0034): a sell offer paid by bank transfer lists bank accounts, one
 * paid by mobile money lists wallets; a buy offer (its owner pays) and every other method list none.
 */
export function paymentAccountsFieldOf(
  type: OfferFormValues['type'],
  context: OfferContext,
): AccountsField | null {
  if (type !== 'sell' || !context.method) return null;
  if (context.method.isBankTransfer) return 'bank_accounts';
  if (context.method.isMobileMoney) return 'mobile_money_wallets';
  return null;
}

/**
 * The owner's accounts for the field, each with the reason it does not fit the offer: a bank account in
 * another currency than the offer's, a wallet of another provider than the offer's method. Asked for
 * only when the field applies.
 */
export function usePaymentAccountOptions(
  field: AccountsField | null,
  offer: { fiat: string; methodSlug: string },
) {
  const { t } = useTranslation();
  const banks = useMyBankAccounts({ enabled: field === 'bank_accounts' });
  const wallets = useMyMobileMoneyWallets({ enabled: field === 'mobile_money_wallets' });
  const query = field === 'mobile_money_wallets' ? wallets : banks;
  const options = useMemo((): PaymentAccountOption[] | undefined => {
    if (field === 'bank_accounts') {
      return banks.data?.map((account) => ({
        id: account.id,
        // A SEPA account may have no bank name (an unknown bank): the number alone then.
        label: [account.bankName, account.accountNumber].filter(Boolean).join(' '),
        detail: `${account.holderName} · ${account.fiatCurrencyCode}`,
        reason:
          account.fiatCurrencyCode === offer.fiat
            ? null
            : t('offerManager.accounts.otherCurrency', { currency: account.fiatCurrencyCode }),
      }));
    }
    if (field === 'mobile_money_wallets') {
      return wallets.data?.mobileMoneyWallets.map((wallet) => ({
        id: wallet.id,
        label: `${wallet.paymentMethodName} ${wallet.phoneNumber}`,
        detail: wallet.holderName,
        reason:
          wallet.paymentMethodSlug === offer.methodSlug
            ? null
            : t('offerManager.accounts.otherMethod', { method: wallet.paymentMethodName }),
      }));
    }
    return undefined;
  }, [field, banks.data, wallets.data, offer.fiat, offer.methodSlug, t]);
  return { query, options };
}

/**
 * "Where buyers pay you", on step 1 under the choices it depends on (side, currency, method): the
 * owner's accounts the trade shows its buyer, at most five. Accounts that do not fit are listed
 * switched off with the reason, and a choice that stops fitting (another currency picked) is dropped at
 * once, so the body never names it. The wizard keeps no draft, so the way to add an account opens in a
 * new tab; the list is read again when this tab regains focus.
 *
 * On a new offer (`preselect`), when exactly one account fits and the owner has not touched the list,
 * it is ticked for them and a line says so (issue 26: an offer published without its account shows the
 * buyer nowhere to pay). They can untick it; an edit keeps the saved choice as it is.
 */
export function PaymentAccountsPicker({
  context,
  preselect = false,
}: {
  context: OfferContext;
  preselect?: boolean;
}) {
  const { control } = useFormContext<OfferFormValues>();
  const [type, fiat, methodSlug] = useWatch({
    control,
    name: ['type', 'fiat_currency_code', 'payment_method'],
  });
  const field = paymentAccountsFieldOf(type, context);
  if (!field) return null;
  // Keyed by field: the controller below is bound to one form field for its whole life.
  return (
    <AccountsChoice
      key={field}
      field={field}
      context={context}
      fiat={fiat}
      methodSlug={methodSlug}
      preselect={preselect}
    />
  );
}

function AccountsChoice({
  field,
  context,
  fiat,
  methodSlug,
  preselect,
}: {
  field: AccountsField;
  context: OfferContext;
  fiat: string;
  methodSlug: string;
  preselect: boolean;
}) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const { control } = useFormContext<OfferFormValues>();
  const error = useOfferFieldError<OfferFormValues>(context.fiatPrecision);
  const { field: input } = useController({ control, name: field });
  const { query, options } = usePaymentAccountOptions(field, { fiat, methodSlug });
  const isBank = field === 'bank_accounts';

  const fitting = useMemo(
    () => (options ?? []).filter((option) => option.reason === null).map((option) => option.id),
    [options],
  );
  const { value, onChange } = input;
  // Once the owner ticks or unticks anything, the list is theirs: nothing is ticked for them again.
  const [ownChoice, setOwnChoice] = useState(!preselect);
  const onlyFitting = fitting.length === 1 ? fitting[0]! : null;
  const autoTicked = !ownChoice && onlyFitting !== null && value.length === 1 && value[0] === onlyFitting;
  useEffect(() => {
    if (!options) return;
    const kept = value.filter((id) => fitting.includes(id));
    if (kept.length !== value.length) onChange(kept);
    else if (!ownChoice && value.length === 0 && onlyFitting !== null) onChange([onlyFitting]);
  }, [options, fitting, value, onChange, ownChoice, onlyFitting]);

  const addLink = (
    <Anchor href={localize(PAYMENT_ACCOUNTS_PATH)} target="_blank" rel="noopener" size="sm">
      {isBank ? t('offerManager.accounts.addBank') : t('offerManager.accounts.addWallet')}
    </Anchor>
  );

  return (
    <Checkbox.Group
      label={t('offerManager.accounts.title')}
      description={
        isBank
          ? t('offerManager.accounts.bankHint', { currency: fiat, max: OFFER_PAYMENT_ACCOUNTS_MAX })
          : t('offerManager.accounts.walletHint', {
              method: context.methodInfo?.name.localized ?? methodSlug,
              max: OFFER_PAYMENT_ACCOUNTS_MAX,
            })
      }
      value={value.map(String)}
      onChange={(next) => {
        setOwnChoice(true);
        onChange(next.map(Number));
      }}
      maxSelectedValues={OFFER_PAYMENT_ACCOUNTS_MAX}
      error={error(field)}
      data-testid="payment-accounts-picker"
    >
      <Stack gap="xs" mt="xs">
        {query.isError ? (
          <Group gap="xs">
            <Text size="sm" c="red">
              {t('offerManager.accounts.loadError')}
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
              {t('offerManager.accounts.retry')}
            </Button>
          </Group>
        ) : !options ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('offerManager.accounts.loading')}
            </Text>
          </Group>
        ) : (
          <>
            {options.map((option) => (
              <Checkbox
                key={option.id}
                value={String(option.id)}
                label={option.label}
                description={option.reason ?? option.detail}
                disabled={option.reason !== null}
                ref={option.id === fitting[0] ? input.ref : undefined}
              />
            ))}
            {autoTicked ? (
              <Text size="sm" c="dimmed" data-testid="payment-accounts-preselected">
                {t('offerManager.accounts.preselected')}
              </Text>
            ) : null}
            {fitting.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="payment-accounts-none">
                {isBank
                  ? t('offerManager.accounts.noBank', { currency: fiat })
                  : t('offerManager.accounts.noWallet', {
                      method: context.methodInfo?.name.localized ?? methodSlug,
                    })}
              </Text>
            ) : null}
            <Text size="sm">{addLink}</Text>
          </>
        )}
      </Stack>
    </Checkbox.Group>
  );
}
