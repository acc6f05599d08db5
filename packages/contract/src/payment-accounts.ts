import { z } from 'zod';
import type { FieldError } from './errors.js';
import { lineString } from './strings.js';

/**
 * Where a seller receives fiat (issue 14, decision 0034): bank accounts and mobile money wallets as the
 * API answers them, the summaries a sell offer lists, and the copy a trade reveals to its buyer.
 * The request body and the per-country rules of bank accounts are in bank-accounts.ts.
 */

/** `GET /rest/v1/bankaccounts/{id}` and the list: numbers masked in the list, whole in the single read. */
export const bankAccountSchema = z.object({
  id: z.number().int(),
  isPersonal: z.boolean(),
  /** The spec's account type: User (personal) or Business. */
  accountType: z.enum(['User', 'Business']),
  countryCode: z.string(),
  fiatCurrencyCode: z.string(),
  holderName: z.string(),
  /** Masked (`•••• 1234`) in the list; whole in `GET /rest/v1/bankaccounts/{id}` (the owner's edit form). */
  accountNumber: z.string(),
  iban: z.string().nullable(),
  routingNumber: z.string().nullable(),
  bankId: z.string().nullable(),
  bankName: z.string(),
  swiftCode: z.string().nullable(),
  ifsc: z.string().nullable(),
  clabe: z.string().nullable(),
  swift: z
    .object({
      residency: z.string(),
      state: z.string().optional(),
      city: z.string(),
      zip: z.string(),
      address: z.string(),
    })
    .nullable(),
  additionalInfo: z.string(),
  /** Whether the numbers in this answer are masked. */
  isMasked: z.boolean(),
  /** Sell offers this account is attached to (the editor shows it; deletion is refused while one is on). */
  offerCount: z.number().int().min(0),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** The single read adds what keeps the account from being deleted (hashes of active offers, running trades). */
export const bankAccountDetailSchema = bankAccountSchema.extend({
  usage: z.object({ offers: z.array(z.string()), trades: z.array(z.string()) }),
});
export type BankAccountDetail = z.infer<typeof bankAccountDetailSchema>;

export const bankAccountIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The spec's bank-account-deletion-error modal: why the account cannot go yet. */
export const bankAccountDeletionBlockers = ['activeOffer', 'activeTrade'] as const;

/** A receiving account as a sell offer lists it to its owner (My offer `bankAccounts`). */
export const paymentAccountSummarySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  holderName: z.string(),
  /** `•••• 1234` (bank account number or phone number). */
  maskedNumber: z.string(),
  countryCode: z.string(),
});
export type PaymentAccountSummary = z.infer<typeof paymentAccountSummarySchema>;

// --- mobile money ---------------------------------------------------------------------------------------

/** `POST /rest/v1/mobile-money-wallets` and `PUT .../{id}`. */
export const mobileMoneyWalletBodySchema = z.object({
  payment_method_id: z.coerce
    .number()
    .int()
    .min(1, 'Choose the mobile money provider')
    .max(2_147_483_647, 'Choose the mobile money provider'),
  country_id: lineString()
    .trim()
    .min(1, 'Choose the country')
    .regex(/^[A-Za-z]{2}$/, 'Use an ISO alpha-2 country code')
    .transform((v) => v.toUpperCase()),
  phone_number: lineString().trim().min(4, 'Enter the phone number').max(32, 'At most 32 characters'),
  holder_name: lineString().trim().min(2, 'Enter the name on the wallet').max(100, 'At most 100 characters'),
});
export type MobileMoneyWalletBody = z.input<typeof mobileMoneyWalletBodySchema>;

export const mobileMoneyWalletSchema = z.object({
  id: z.number().int(),
  paymentMethodId: z.number().int(),
  paymentMethodName: z.string(),
  paymentMethodSlug: z.string(),
  countryCode: z.string(),
  /** E.164; masked in the list, whole in the single read. */
  phoneNumber: z.string(),
  holderName: z.string(),
  isMasked: z.boolean(),
  offerCount: z.number().int().min(0),
  createdAt: z.string(),
});
export type MobileMoneyWallet = z.infer<typeof mobileMoneyWalletSchema>;

export const mobileMoneyWalletIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** A provider a wallet can be opened with: a payment method of the catalogue's mobile-money group. */
export const mobileMoneyMethodSchema = z.object({
  id: z.number().int(),
  /** In the request's language when the catalogue has it, else English. */
  name: z.string(),
  slug: z.string(),
  /** The catalogue's icon name (`/rest/v2/payment-methods/icons/{iconName}.svg`). */
  iconName: z.string(),
  /** ISO alpha-2 codes where the provider operates; empty: anywhere. */
  countries: z.array(z.string()),
});
export type MobileMoneyMethod = z.infer<typeof mobileMoneyMethodSchema>;

/** `GET /rest/v1/mobile-money-wallets`: my wallets (numbers masked) and the providers to open one with. */
export const mobileMoneyWalletListSchema = z.object({
  mobileMoneyWallets: z.array(mobileMoneyWalletSchema),
  paymentMethods: z.array(mobileMoneyMethodSchema),
});
export type MobileMoneyWalletList = z.infer<typeof mobileMoneyWalletListSchema>;

/** `DELETE /rest/v1/mobile-money-wallets/{id}`. */
export const mobileMoneyWalletDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** A trader keeps at most this many wallets (a list to pick from, not a phone book). */
export const MOBILE_MONEY_WALLETS_MAX = 20;

/**
 * The 422 `MOBILE_MONEY_WALLET_IN_USE` names each active offer that holds the wallet as one detail:
 * `{ field: 'offers', code: 'active_offer', message: <offer hash> }`. The error envelope's details are field
 * errors (the web parses them so), so the hashes travel in that shape; read them with `inUseOfferHashes`.
 */
export const IN_USE_OFFER_DETAIL = { field: 'offers', code: 'active_offer' } as const;

/** A running trade that copied a bank account keeps it too (its hash in `message`). */
export const IN_USE_TRADE_DETAIL = { field: 'trades', code: 'active_trade' } as const;

const hashesOf =
  (kind: { field: string; code: string }) =>
  (details: readonly FieldError[]): string[] =>
    details.filter((d) => d.field === kind.field && d.code === kind.code).map((d) => d.message);

/** The hashes of the active offers a refused deletion names (see `IN_USE_OFFER_DETAIL`). */
export const inUseOfferHashes = hashesOf(IN_USE_OFFER_DETAIL);
/** The hashes of the running trades a refused bank account deletion names. */
export const inUseTradeHashes = hashesOf(IN_USE_TRADE_DETAIL);

// --- on trades ------------------------------------------------------------------------------------------

/** A receiving account copied onto a trade at its start: what the buyer pays into. */
export const tradePaymentAccountSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bank'),
    holderName: z.string(),
    isPersonal: z.boolean(),
    bankName: z.string(),
    countryCode: z.string(),
    fiatCurrencyCode: z.string(),
    accountNumber: z.string(),
    iban: z.string().nullable(),
    routingNumber: z.string().nullable(),
    swiftCode: z.string().nullable(),
    ifsc: z.string().nullable(),
    clabe: z.string().nullable(),
    additionalInfo: z.string(),
  }),
  z.object({
    kind: z.literal('mobileMoney'),
    holderName: z.string(),
    paymentMethodName: z.string(),
    countryCode: z.string(),
    phoneNumber: z.string(),
  }),
]);
export type TradePaymentAccount = z.infer<typeof tradePaymentAccountSchema>;

/** At most this many receiving accounts on one offer (the buyer picks one; more is noise). */
export const OFFER_PAYMENT_ACCOUNTS_MAX = 5;
