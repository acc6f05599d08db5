import {
  maskAccountNumber,
  type FieldError,
  type OfferBody,
  type PaymentAccountSummary,
} from '@app/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { foreignKeyViolationOf } from '../../platform/db/errors.js';
import { validationError } from '../../platform/http/errors.js';
import { bankAccounts, bankAccountsRepository } from '../bank-accounts/index.js';
import type { CatalogueData } from '../catalogue/index.js';
import { mobileMoneyRepository, mobileMoneyWallets } from '../mobile-money/index.js';
import { offerPaymentAccounts } from './tables.js';

/** An offer's receiving accounts: summaries for its owner, ids for the editor. */
export type OfferPaymentAccounts = {
  bankAccounts: PaymentAccountSummary[];
  mobileMoneyWallets: PaymentAccountSummary[];
};

const NONE: OfferPaymentAccounts = { bankAccounts: [], mobileMoneyWallets: [] };

/** The accounts a body asks to attach, checked against the offer's side, group, currency and method. */
export type PaymentAccountChoice = { bankAccountIds: number[]; walletIds: number[] } | undefined;

/**
 * Checks the receiving accounts of an offer body (decision 0034): only sell offers list them (the owner
 * sells, so the owner is the one paid); bank accounts only for bank transfers and in the offer's fiat;
 * wallets only for mobile money and of the offer's method; every account the owner's. Answers what to
 * store: undefined when the body leaves them as they are.
 */
export async function checkPaymentAccounts(
  db: DbOrTx,
  userId: number,
  body: OfferBody,
  offer: { paymentMethodId: number; paymentGroupId: number; fiatCurrencyCode: string },
  data: CatalogueData,
): Promise<PaymentAccountChoice> {
  if (body.type === 'buy') {
    if (body.bank_accounts?.length || body.mobile_money_wallets?.length) {
      throw validationError([
        {
          field: body.bank_accounts?.length ? 'bank_accounts' : 'mobile_money_wallets',
          code: 'not_for_buy_offers',
          message: 'On a buy offer you pay: your accounts go on sell offers.',
        },
      ]);
    }
    return { bankAccountIds: [], walletIds: [] };
  }
  if (body.bank_accounts === undefined && body.mobile_money_wallets === undefined) return undefined;
  const bankAccountIds = [...new Set(body.bank_accounts ?? [])];
  const walletIds = [...new Set(body.mobile_money_wallets ?? [])];
  const group = data.groupById.get(offer.paymentGroupId)?.slug;
  const errors: FieldError[] = [];
  const add = (field: string, code: string, message: string) => errors.push({ field, code, message });

  if (bankAccountIds.length > 0) {
    if (group !== 'bank-transfers') {
      add('bank_accounts', 'not_for_method', 'Bank accounts go on bank transfer offers only.');
    } else {
      const owned = await bankAccountsRepository.ownedBy(db, userId, bankAccountIds);
      if (owned.length !== bankAccountIds.length) {
        add('bank_accounts', 'unknown_bank_account', 'Choose among your own bank accounts.');
      } else if (owned.some((a) => a.fiatCurrencyCode !== offer.fiatCurrencyCode)) {
        add(
          'bank_accounts',
          'currency_mismatch',
          `Choose accounts in ${offer.fiatCurrencyCode}, the offer’s currency.`,
        );
      }
    }
  }
  if (walletIds.length > 0) {
    if (group !== 'mobile-money') {
      add('mobile_money_wallets', 'not_for_method', 'Mobile money wallets go on mobile money offers only.');
    } else {
      const owned = await mobileMoneyRepository.ownedBy(db, userId, walletIds);
      if (owned.length !== walletIds.length) {
        add('mobile_money_wallets', 'unknown_wallet', 'Choose among your own mobile money wallets.');
      } else if (owned.some((w) => w.paymentMethodId !== offer.paymentMethodId)) {
        add('mobile_money_wallets', 'method_mismatch', 'Choose wallets of the offer’s payment method.');
      }
    }
  }
  if (errors.length > 0) throw validationError(errors);
  return { bankAccountIds, walletIds };
}

export const offerPaymentAccountsRepository = {
  /**
   * Replaces an offer's accounts. An account deleted since the check breaks the foreign key: that is
   * the same answer as choosing an unknown account, not a 500.
   */
  async replace(tx: DbOrTx, offerId: number, choice: PaymentAccountChoice) {
    if (!choice) return;
    await tx.delete(offerPaymentAccounts).where(eq(offerPaymentAccounts.offerId, offerId));
    const rows = [
      ...choice.bankAccountIds.map((bankAccountId) => ({ offerId, bankAccountId })),
      ...choice.walletIds.map((mobileMoneyWalletId) => ({ offerId, mobileMoneyWalletId })),
    ];
    if (rows.length === 0) return;
    await tx
      .insert(offerPaymentAccounts)
      .values(rows)
      .catch((error: unknown) => {
        if (!foreignKeyViolationOf(error)) throw error;
        throw validationError([
          { field: 'bank_accounts', code: 'unknown_bank_account', message: 'This account was just deleted.' },
        ]);
      });
  },

  /** The accounts of each offer, in the order they were attached. */
  async of(
    db: DbOrTx,
    offerIds: readonly number[],
    data: CatalogueData,
  ): Promise<Map<number, OfferPaymentAccounts>> {
    const result = new Map<number, OfferPaymentAccounts>();
    if (offerIds.length === 0) return result;
    const rows = await db
      .select({
        offerId: offerPaymentAccounts.offerId,
        bank: {
          id: bankAccounts.id,
          bankName: bankAccounts.bankName,
          holderName: bankAccounts.holderName,
          accountNumber: bankAccounts.accountNumber,
          countryCode: bankAccounts.countryCode,
        },
        wallet: {
          id: mobileMoneyWallets.id,
          holderName: mobileMoneyWallets.holderName,
          phoneNumber: mobileMoneyWallets.phoneNumber,
          countryCode: mobileMoneyWallets.countryCode,
          paymentMethodId: mobileMoneyWallets.paymentMethodId,
        },
      })
      .from(offerPaymentAccounts)
      .leftJoin(bankAccounts, eq(bankAccounts.id, offerPaymentAccounts.bankAccountId))
      .leftJoin(mobileMoneyWallets, eq(mobileMoneyWallets.id, offerPaymentAccounts.mobileMoneyWalletId))
      .where(inArray(offerPaymentAccounts.offerId, [...offerIds]))
      .orderBy(asc(offerPaymentAccounts.id));
    for (const row of rows) {
      const entry = result.get(row.offerId) ?? { bankAccounts: [], mobileMoneyWallets: [] };
      if (row.bank) {
        entry.bankAccounts.push({
          id: row.bank.id,
          label: row.bank.bankName,
          holderName: row.bank.holderName,
          maskedNumber: maskAccountNumber(row.bank.accountNumber),
          countryCode: row.bank.countryCode,
        });
      }
      if (row.wallet) {
        entry.mobileMoneyWallets.push({
          id: row.wallet.id,
          label: data.methodById.get(row.wallet.paymentMethodId)?.originalName ?? '',
          holderName: row.wallet.holderName,
          maskedNumber: maskAccountNumber(row.wallet.phoneNumber),
          countryCode: row.wallet.countryCode,
        });
      }
      result.set(row.offerId, entry);
    }
    return result;
  },

  none: NONE,
};
