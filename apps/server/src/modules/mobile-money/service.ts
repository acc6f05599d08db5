import {
  IN_USE_OFFER_DETAIL,
  MOBILE_MONEY_WALLETS_MAX,
  PAYMENT_CATEGORY_IDS,
  type FieldError,
  type Locale,
  type MobileMoneyWallet,
  type MobileMoneyWalletList,
  type mobileMoneyWalletBodySchema,
} from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { uniqueViolationOf } from '../../platform/db/errors.js';
import { AppError, notFound, validationError } from '../../platform/http/errors.js';
import {
  createCatalogueService,
  localizedName,
  type CatalogueData,
  type CatalogueService,
} from '../catalogue/index.js';
import { checkWalletPhone, maskPhone } from './phone.js';
import { mobileMoneyRepository, type MobileMoneyWalletWithUsage } from './repository.js';

/** The body as the route hands it over (trimmed, the country uppercased). */
export type MobileMoneyWalletInput = z.output<typeof mobileMoneyWalletBodySchema>;

const walletNotFound = () => notFound('Mobile money wallet not found');

/** The wallet as its owner sees it; the number masked in the list, whole in the single read. */
function present(row: MobileMoneyWalletWithUsage, locale: Locale, masked: boolean): MobileMoneyWallet {
  return {
    id: row.id,
    paymentMethodId: row.paymentMethodId,
    paymentMethodName: localizedName(row.paymentMethodNames, locale).localized,
    paymentMethodSlug: row.paymentMethodSlug,
    countryCode: row.countryCode,
    phoneNumber: masked ? maskPhone(row.phoneNumber) : row.phoneNumber,
    holderName: row.holderName,
    isMasked: masked,
    offerCount: row.offerCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The field problems of a wallet body against the catalogue (all of them at once, so the form shows every
 * one): a provider of the mobile-money group, operating in the chosen country, and a mobile number of that
 * country. Answers the number in E.164 when there is none.
 */
function checkBody(
  data: CatalogueData,
  body: MobileMoneyWalletInput,
): { details: FieldError[]; e164: string | null } {
  const details: FieldError[] = [];
  const method = data.methodById.get(body.payment_method_id);
  const country = data.countries.find((c) => c.iso === body.country_id);
  const countryName = country ? localizedName(country.names, 'en').original : body.country_id;
  if (!method || method.groupId !== PAYMENT_CATEGORY_IDS.mobileMoney) {
    details.push({
      field: 'payment_method_id',
      message: 'Choose a mobile money provider from the list',
      code: 'not_mobile_money',
    });
  }
  if (!country) {
    details.push({ field: 'country_id', message: 'Choose a country from the list', code: 'unknown_country' });
  } else if (
    method &&
    method.groupId === PAYMENT_CATEGORY_IDS.mobileMoney &&
    method.countries.length > 0 &&
    !method.countries.includes(country.iso)
  ) {
    details.push({
      field: 'country_id',
      message: `${method.originalName} does not operate in ${countryName}`,
      code: 'method_not_in_country',
    });
  }
  if (!country) return { details, e164: null };
  const phone = checkWalletPhone(body.phone_number, country.iso);
  if (phone.ok) return { details, e164: phone.e164 };
  const messages: Record<typeof phone.code, string> = {
    invalid_phone: `This is not a phone number. Write it as you dial it in ${countryName}, or with its country code`,
    invalid_number: `This number does not exist in ${countryName}`,
    wrong_country: `This is a number of ${phone.country ?? 'another country'}, not of ${countryName}`,
    not_mobile: 'This is not a mobile number: a mobile money wallet is opened on a mobile line',
  };
  details.push({ field: 'phone_number', message: messages[phone.code], code: phone.code });
  return { details, e164: null };
}

/** The one wallet per provider and number (the unique index): said on the number. */
const duplicate = () =>
  validationError([
    {
      field: 'phone_number',
      message: 'You already have a wallet with this provider and number',
      code: 'phone_number_non_unique',
    },
  ]);

/**
 * Mobile money wallets (spec: "mobile money wallets with an add form and a modal"): the phone numbers
 * a seller receives fiat on for sell offers of the mobile-money group. The owner alone sees and changes
 * them; anyone else's wallet answers 404. A wallet on a switched-on offer cannot be deleted (buyers are
 * told to pay into it); trades copy the wallet at their start, so they never hold it.
 */
export function createMobileMoneyService(options: { db: Db; catalogue?: CatalogueService }) {
  const { db } = options;
  const catalogue = options.catalogue ?? createCatalogueService(db);

  /** Runs a write, answering the unique index's refusal on the number. */
  async function saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolationOf(error)) throw duplicate();
      throw error;
    }
  }

  async function validated(body: MobileMoneyWalletInput) {
    const { details, e164 } = checkBody(await catalogue.data(), body);
    if (details.length > 0 || !e164) throw validationError(details);
    return {
      paymentMethodId: body.payment_method_id,
      countryCode: body.country_id,
      phoneNumber: e164,
      holderName: body.holder_name,
    };
  }

  return {
    /** My wallets (numbers masked) and the mobile-money group's providers, named in `locale`. */
    async list(userId: number, locale: Locale): Promise<MobileMoneyWalletList> {
      const [rows, data] = await Promise.all([mobileMoneyRepository.listOf(db, userId), catalogue.data()]);
      return {
        mobileMoneyWallets: rows.map((row) => present(row, locale, true)),
        paymentMethods: data.methods
          .filter((m) => m.groupId === PAYMENT_CATEGORY_IDS.mobileMoney)
          .map((m) => ({
            id: m.id,
            name: localizedName(m.names, locale).localized,
            slug: m.slug,
            iconName: m.iconName,
            countries: m.countries,
          })),
      };
    },

    /** One of my wallets with its whole number (the edit form). */
    async get(userId: number, id: number, locale: Locale): Promise<MobileMoneyWallet> {
      const row = await mobileMoneyRepository.findOwned(db, userId, id);
      if (!row) throw walletNotFound();
      return present(row, locale, false);
    },

    /**
     * Adds a wallet. The owner's row is locked first, so the limit holds when several additions race;
     * the same provider and number twice is refused by the unique index (a clean 422, never a 500).
     */
    async create(userId: number, body: MobileMoneyWalletInput, locale: Locale): Promise<MobileMoneyWallet> {
      const values = await validated(body);
      const row = await saving(() =>
        db.transaction(async (tx) => {
          await mobileMoneyRepository.lockOwner(tx, userId);
          if ((await mobileMoneyRepository.countOf(tx, userId)) >= MOBILE_MONEY_WALLETS_MAX) {
            throw new AppError(
              422,
              'MOBILE_MONEY_WALLETS_LIMIT',
              `You can keep at most ${MOBILE_MONEY_WALLETS_MAX} mobile money wallets. Delete one to add another.`,
            );
          }
          const created = await mobileMoneyRepository.insert(tx, userId, values);
          return mobileMoneyRepository.findOwned(tx, userId, created.id);
        }),
      );
      return present(row!, locale, false);
    },

    /**
     * Changes one of my wallets. The provider of a wallet that offers list cannot change: an offer of
     * M-Pesa would send its buyers to an MTN number (detach it from those offers first).
     */
    async update(
      userId: number,
      id: number,
      body: MobileMoneyWalletInput,
      locale: Locale,
    ): Promise<MobileMoneyWallet> {
      const row = await saving(() =>
        db.transaction(async (tx) => {
          const current = await mobileMoneyRepository.lockOwned(tx, userId, id);
          if (!current) throw walletNotFound();
          const values = await validated(body);
          if (values.paymentMethodId !== current.paymentMethodId && current.offerCount > 0) {
            throw validationError([
              {
                field: 'payment_method_id',
                message: 'This wallet is on your offers: remove it from them before changing its provider',
                code: 'wallet_in_offers',
              },
            ]);
          }
          await mobileMoneyRepository.update(tx, id, values);
          return mobileMoneyRepository.findOwned(tx, userId, id);
        }),
      );
      return present(row!, locale, false);
    },

    /**
     * Deletes one of my wallets, refused (422 `MOBILE_MONEY_WALLET_IN_USE`, one detail per offer) while a
     * switched-on offer lists it. The wallet row is locked before the check, in the same transaction as
     * the deletion: an offer that locks its wallets `FOR SHARE` while switching on (`ownedBy(..., { lock })`)
     * either goes first, and is seen here, or waits and finds the wallet gone.
     */
    async remove(userId: number, id: number): Promise<{ id: number; deleted: true }> {
      await db.transaction(async (tx) => {
        const wallet = await mobileMoneyRepository.lockOwned(tx, userId, id);
        if (!wallet) throw walletNotFound();
        const hashes = await mobileMoneyRepository.activeOfferHashesOf(tx, id);
        if (hashes.length > 0) {
          throw new AppError(
            422,
            'MOBILE_MONEY_WALLET_IN_USE',
            'This wallet is on active offers. Switch them off or remove the wallet from them first.',
            hashes.map((hash) => ({ ...IN_USE_OFFER_DETAIL, message: hash })),
          );
        }
        await mobileMoneyRepository.remove(tx, id);
      });
      return { id, deleted: true };
    },
  };
}

export type MobileMoneyService = ReturnType<typeof createMobileMoneyService>;
