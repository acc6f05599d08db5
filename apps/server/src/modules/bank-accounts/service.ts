import {
  bankFormOf,
  IN_USE_OFFER_DETAIL,
  IN_USE_TRADE_DETAIL,
  maskAccountNumber,
  normaliseBankAccount,
  validateBankAccount,
  type BankAccount,
  type BankAccountBody,
  type BankAccountDetail,
  type BankAccountErrorKey,
  type FieldError,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { uniqueViolationOf } from '../../platform/db/errors.js';
import { dateOf } from '../../platform/db/timestamps.js';
import { AppError, notFound, validationError } from '../../platform/http/errors.js';
import {
  bankById,
  bankByIban,
  bankByRoutingNumber,
  bankBySwift,
  bankCodeOf,
  type DirectoryBank,
} from '../banks/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import { BANK_ERROR_MESSAGES } from './error-messages.js';
import { bankAccountsRepository, type BankAccountRow, type BankAccountValues } from './repository.js';

/** More than this many accounts is not a trader's need; it caps what one account can store. */
export const BANK_ACCOUNTS_MAX = 20;

const problem = (field: string, key: BankAccountErrorKey): FieldError => ({
  field,
  code: key,
  message: BANK_ERROR_MESSAGES[key],
});

/**
 * Bank accounts (issue 14, decision 0034): the owner's CRUD with the spec's per-country rules. The pure
 * rules live in the contract (the web runs the same ones as the user types); this adds what needs data:
 * the catalogue's currencies and countries, the bank directory, and uniqueness.
 */
export function createBankAccountsService(options: { db: Db; catalogue: CatalogueService }) {
  const { db, catalogue } = options;

  function present(row: BankAccountRow, offerCount: number, masked: boolean): BankAccount {
    const hide = (value: string | null) => (value === null || !masked ? value : maskAccountNumber(value));
    return {
      id: row.id,
      isPersonal: row.isPersonal,
      accountType: row.isPersonal ? 'User' : 'Business',
      countryCode: row.countryCode,
      fiatCurrencyCode: row.fiatCurrencyCode,
      holderName: row.holderName,
      accountNumber: hide(row.accountNumber)!,
      iban: hide(row.iban),
      routingNumber: row.routingNumber,
      bankId: row.bankId,
      bankName: row.bankName,
      swiftCode: row.swiftCode,
      ifsc: row.ifsc,
      clabe: hide(row.clabe),
      swift: row.swiftRecipient ?? null,
      additionalInfo: row.additionalInfo,
      isMasked: masked,
      offerCount,
      createdAt: dateOf(row.createdAt).toISOString(),
    };
  }

  /** The bank the account's own numbers point to in the directory (the name is filled from it). */
  function directoryBankOf(values: BankAccountValues): DirectoryBank | undefined {
    if (values.bankId) return bankById(values.bankId);
    if (values.routingNumber) return bankByRoutingNumber(values.routingNumber, values.countryCode);
    if (values.ifsc) return bankByRoutingNumber(values.ifsc, 'IN');
    if (values.clabe) return bankByRoutingNumber(values.clabe, 'MX');
    if (values.iban) return bankByIban(values.iban);
    if (values.swiftCode) return bankBySwift(values.swiftCode);
    return undefined;
  }

  /** The body checked and turned into the row to store, or a 422 with every problem found. */
  async function valuesOf(userId: number, body: BankAccountBody, id?: number): Promise<BankAccountValues> {
    const problems: FieldError[] = validateBankAccount(body, { bankCodeOf }).map((p) =>
      problem(p.field, p.key),
    );
    const form = normaliseBankAccount(body);
    const data = await catalogue.data();
    if (!data.currencyByCode.has(form.fiat_currency_id)) {
      problems.push({
        field: 'fiatCurrencyId',
        code: 'default',
        message: 'This is not a currency we trade.',
      });
    }
    if (!data.countries.some((c) => c.iso === form.country_id)) {
      problems.push({ field: 'countryId', code: 'default', message: 'This is not a country we know.' });
    }
    if (problems.length > 0) throw validationError(problems);

    const values: BankAccountValues = {
      isPersonal: form.is_personal,
      countryCode: form.country_id,
      fiatCurrencyCode: form.fiat_currency_id,
      holderName: form.holder_name,
      accountNumber: form.account_number ?? form.clabe ?? '',
      iban: form.sepa?.iban ?? null,
      routingNumber: form.routing_number ?? null,
      bankId: form.bank_id ?? null,
      bankName: form.bank_name ?? '',
      swiftCode: form.swift_code ?? null,
      ifsc: form.ifsc ?? null,
      clabe: form.clabe ?? null,
      swiftRecipient: form.swift
        ? {
            residency: form.swift.residency ?? '',
            state: form.swift.state,
            city: form.swift.city ?? '',
            zip: form.swift.zip ?? '',
            address: form.swift.address ?? '',
          }
        : null,
      additionalInfo: form.additional_info ?? '',
    };

    const chosen = values.bankId ? bankById(values.bankId) : undefined;
    if (chosen && chosen.countryCode !== values.countryCode) {
      problems.push(problem('bankId', 'country_doesnt_match'));
    }
    const bank = problems.length === 0 ? directoryBankOf(values) : undefined;
    if (
      bank &&
      values.iban &&
      values.swiftCode &&
      bank.swift &&
      bank.swift.slice(0, 6) !== values.swiftCode.slice(0, 6)
    ) {
      problems.push(problem('swiftCode', 'iban_dont_match_swift_code'));
    }
    if (!values.bankName && bank) values.bankName = bank.name;
    // A SEPA transfer needs the IBAN and the name only (decision 0053): the bank and its BIC come from
    // the IBAN when the directory knows the bank, and an unknown bank leaves them empty, not refused.
    const sepa = bankFormOf(values.countryCode, values.fiatCurrencyCode) === 'SEPA';
    if (sepa && !values.swiftCode && bank?.swift) values.swiftCode = bank.swift;
    if (!values.bankName && !sepa) {
      problems.push(
        problem('bankName', values.swiftCode ? 'bankNameEmptyWithSwift' : 'bankNameEmptyWithoutSwift'),
      );
    }
    const sameNumber = await bankAccountsRepository.idWithNumber(
      db,
      userId,
      values.countryCode,
      values.accountNumber,
    );
    if (sameNumber !== undefined && sameNumber !== id) {
      problems.push(problem('accountNumber', 'account_number_non_unique'));
    }
    if (problems.length > 0) throw validationError(problems);
    return values;
  }

  /** A concurrent twin of the same number gets the same answer as a sequential one. */
  function duplicateOf(error: unknown): never {
    if (uniqueViolationOf(error)) {
      throw validationError([problem('accountNumber', 'account_number_non_unique')]);
    }
    throw error;
  }

  async function detail(userId: number, id: number): Promise<BankAccountDetail> {
    const found = await bankAccountsRepository.find(db, userId, id);
    if (!found) throw notFound('Bank account not found');
    return {
      ...present(found.account, found.offerCount, false),
      usage: await bankAccountsRepository.usage(db, id),
    };
  }

  return {
    async list(userId: number): Promise<BankAccount[]> {
      const rows = await bankAccountsRepository.list(db, userId);
      return rows.map((row) => present(row.account, row.offerCount, true));
    },

    /** Whole numbers: the owner's edit form, and what still uses the account. */
    detail,

    async create(userId: number, body: BankAccountBody): Promise<BankAccountDetail> {
      if ((await bankAccountsRepository.count(db, userId)) >= BANK_ACCOUNTS_MAX) {
        throw new AppError(
          422,
          'BANK_ACCOUNTS_LIMIT',
          `You can keep at most ${BANK_ACCOUNTS_MAX} bank accounts.`,
        );
      }
      const values = await valuesOf(userId, body);
      const id = await bankAccountsRepository.insert(db, userId, values).catch(duplicateOf);
      return detail(userId, id);
    },

    async update(userId: number, id: number, body: BankAccountBody): Promise<BankAccountDetail> {
      if (!(await bankAccountsRepository.find(db, userId, id))) throw notFound('Bank account not found');
      const values = await valuesOf(userId, body, id);
      const updated = await bankAccountsRepository.update(db, userId, id, values).catch(duplicateOf);
      if (!updated) throw notFound('Bank account not found');
      return detail(userId, id);
    },

    /**
     * Deletes the account unless an active offer lists it or a running trade showed it (spec: 422 and
     * the deletion-error modal). Switched-off offers lose it (the link cascades). The row is locked so an
     * offer attaching it at the same time waits and then finds it gone.
     */
    async remove(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await bankAccountsRepository.lock(tx, userId, id))) throw notFound('Bank account not found');
        const usage = await bankAccountsRepository.usage(tx, id);
        if (usage.offers.length > 0 || usage.trades.length > 0) {
          throw new AppError(
            422,
            'BANK_ACCOUNT_IN_USE',
            'This account is used by an active offer or a running trade. Switch the offer off or finish the trade first.',
            [
              ...usage.offers.map((hash) => ({ ...IN_USE_OFFER_DETAIL, message: hash })),
              ...usage.trades.map((hash) => ({ ...IN_USE_TRADE_DETAIL, message: hash })),
            ],
          );
        }
        await bankAccountsRepository.remove(tx, id);
      });
    },
  };
}

export type BankAccountsService = ReturnType<typeof createBankAccountsService>;
