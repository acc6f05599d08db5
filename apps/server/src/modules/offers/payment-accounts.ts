import {
  maskAccountNumber,
  type FieldError,
  type OfferBody,
  type PaymentAccountSummary,
} from '@app/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
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

/** The ids an offer lists now (an edit that leaves the fields out keeps those that still fit). */
export type PaymentAccountIds = { bankAccountIds: number[]; walletIds: number[] };

/**
 * Checks the receiving accounts of an offer body (decision 0034): only sell offers list them (the owner
 * sells, so the owner is the one paid); bank accounts only for bank transfers and in the offer's fiat;
 * wallets only for mobile money and of the offer's method; every account the owner's. A list the body
 * sends must fit (422 otherwise); a list it leaves out keeps the `current` accounts that still fit the
 * edited offer, so a changed method or currency never leaves a buyer an account of the wrong kind.
 */
export async function checkPaymentAccounts(
  db: DbOrTx,
  userId: number,
  body: OfferBody,
  offer: { paymentMethodId: number; paymentGroupId: number; fiatCurrencyCode: string },
  data: CatalogueData,
  current: PaymentAccountIds = { bankAccountIds: [], walletIds: [] },
): Promise<PaymentAccountIds> {
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
  const group = data.groupById.get(offer.paymentGroupId)?.slug;
  const errors: FieldError[] = [];
  const add = (field: string, code: string, message: string) => errors.push({ field, code, message });

  async function bankAccountIdsOf(sent: number[] | undefined): Promise<number[]> {
    const ids = [...new Set(sent ?? current.bankAccountIds)];
    if (ids.length === 0) return [];
    const owned = group === 'bank-transfers' ? await bankAccountsRepository.ownedBy(db, userId, ids) : [];
    const fitting = owned.filter((a) => a.fiatCurrencyCode === offer.fiatCurrencyCode).map((a) => a.id);
    if (sent === undefined) return fitting;
    if (group !== 'bank-transfers') {
      add('bank_accounts', 'not_for_method', 'Bank accounts go on bank transfer offers only.');
    } else if (owned.length !== ids.length) {
      add('bank_accounts', 'unknown_bank_account', 'Choose among your own bank accounts.');
    } else if (fitting.length !== ids.length) {
      add(
        'bank_accounts',
        'currency_mismatch',
        `Choose accounts in ${offer.fiatCurrencyCode}, the offer’s currency.`,
      );
    }
    return ids;
  }

  async function walletIdsOf(sent: number[] | undefined): Promise<number[]> {
    const ids = [...new Set(sent ?? current.walletIds)];
    if (ids.length === 0) return [];
    const owned = group === 'mobile-money' ? await mobileMoneyRepository.ownedBy(db, userId, ids) : [];
    const fitting = owned.filter((w) => w.paymentMethodId === offer.paymentMethodId).map((w) => w.id);
    if (sent === undefined) return fitting;
    if (group !== 'mobile-money') {
      add('mobile_money_wallets', 'not_for_method', 'Mobile money wallets go on mobile money offers only.');
    } else if (owned.length !== ids.length) {
      add('mobile_money_wallets', 'unknown_wallet', 'Choose among your own mobile money wallets.');
    } else if (fitting.length !== ids.length) {
      add('mobile_money_wallets', 'method_mismatch', 'Choose wallets of the offer’s payment method.');
    }
    return ids;
  }

  const choice = {
    bankAccountIds: await bankAccountIdsOf(body.bank_accounts),
    walletIds: await walletIdsOf(body.mobile_money_wallets),
  };
  if (errors.length > 0) throw validationError(errors);
  return choice;
}

export const offerPaymentAccountsRepository = {
  /** Holds the offer's accounts against deletion until the transaction ends (an activation). */
  async lockAccounts(tx: DbOrTx, offerId: number) {
    await tx.execute(sql`SELECT b.id FROM offer_payment_accounts a JOIN bank_accounts b ON b.id = a.bank_account_id
      WHERE a.offer_id = ${offerId} ORDER BY b.id FOR KEY SHARE OF b`);
    await tx.execute(sql`SELECT w.id FROM offer_payment_accounts a
      JOIN mobile_money_wallets w ON w.id = a.mobile_money_wallet_id
      WHERE a.offer_id = ${offerId} ORDER BY w.id FOR KEY SHARE OF w`);
  },

  /** The ids an offer lists. */
  async idsOf(db: DbOrTx, offerId: number): Promise<PaymentAccountIds> {
    const rows = await db
      .select({ bank: offerPaymentAccounts.bankAccountId, wallet: offerPaymentAccounts.mobileMoneyWalletId })
      .from(offerPaymentAccounts)
      .where(eq(offerPaymentAccounts.offerId, offerId))
      .orderBy(asc(offerPaymentAccounts.id));
    return {
      bankAccountIds: rows.flatMap((r) => (r.bank === null ? [] : [r.bank])),
      walletIds: rows.flatMap((r) => (r.wallet === null ? [] : [r.wallet])),
    };
  },

  /**
   * Replaces an offer's accounts. An account deleted since the check breaks the foreign key: that is
   * the same answer as choosing an unknown account, not a 500.
   */
  async replace(tx: DbOrTx, offerId: number, choice: PaymentAccountIds) {
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
