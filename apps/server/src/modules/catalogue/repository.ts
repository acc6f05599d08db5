import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  catalogueState,
  countries,
  cryptoCurrencies,
  fiatCurrencies,
  giftCardRegions,
  paymentMethodGroups,
  paymentMethods,
  popularPaymentMethods,
  tagGroups,
  tagPaymentMethods,
  tags,
} from './tables.js';

export type GroupRecord = typeof paymentMethodGroups.$inferSelect;
export type PaymentMethodRecord = typeof paymentMethods.$inferSelect;
export type PopularRecord = typeof popularPaymentMethods.$inferSelect;
export type CurrencyRecord = typeof fiatCurrencies.$inferSelect;
export type CountryRecord = typeof countries.$inferSelect;
export type RegionRecord = typeof giftCardRegions.$inferSelect;
export type CryptoRecord = typeof cryptoCurrencies.$inferSelect;
export type TagRecord = typeof tags.$inferSelect;

/** Everything the catalogue serves, read in one go (a few thousand small rows). */
export type CatalogueRecords = {
  version: number;
  groups: GroupRecord[];
  methods: PaymentMethodRecord[];
  popular: PopularRecord[];
  currencies: CurrencyRecord[];
  countries: CountryRecord[];
  regions: RegionRecord[];
  cryptos: CryptoRecord[];
  tags: TagRecord[];
  tagGroups: { tagId: number; groupId: number }[];
  tagMethods: { tagId: number; paymentMethodId: number }[];
};

/** SQL for the reference data; reads are whole-table (the data is small), writes take a handle. */
export const catalogueRepository = {
  /** The data version (0 before the first seed). */
  async version(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ version: catalogueState.version }).from(catalogueState).limit(1);
    return row?.version ?? 0;
  },

  async loadAll(db: DbOrTx): Promise<CatalogueRecords> {
    // Read the version first: if a change lands while we read, the next check sees a newer version.
    const version = await this.version(db);
    const [
      groups,
      methods,
      popular,
      currencyRows,
      countryRows,
      regions,
      cryptos,
      tagRows,
      groupLinks,
      methodLinks,
    ] = await Promise.all([
      db.select().from(paymentMethodGroups).orderBy(asc(paymentMethodGroups.sortOrder)),
      db.select().from(paymentMethods).orderBy(asc(paymentMethods.id)),
      db
        .select()
        .from(popularPaymentMethods)
        .orderBy(
          asc(popularPaymentMethods.side),
          asc(popularPaymentMethods.scope),
          asc(popularPaymentMethods.scopeKey),
          asc(popularPaymentMethods.position),
        ),
      db.select().from(fiatCurrencies).orderBy(asc(fiatCurrencies.code)),
      db.select().from(countries).orderBy(asc(countries.id)),
      db.select().from(giftCardRegions).orderBy(asc(giftCardRegions.id)),
      db.select().from(cryptoCurrencies).orderBy(asc(cryptoCurrencies.sortOrder)),
      db.select().from(tags).orderBy(asc(tags.id)),
      db.select().from(tagGroups),
      db.select().from(tagPaymentMethods),
    ]);
    return {
      version,
      groups,
      methods,
      popular,
      currencies: currencyRows,
      countries: countryRows,
      regions,
      cryptos,
      tags: tagRows,
      tagGroups: groupLinks,
      tagMethods: methodLinks,
    };
  },

  /** Shows or hides a method; returns false when the slug is unknown. */
  async setPaymentMethodActive(db: DbOrTx, slug: string, isActive: boolean): Promise<boolean> {
    const rows = await db
      .update(paymentMethods)
      .set({ isActive, updatedAt: sql`now()` })
      .where(eq(paymentMethods.slug, slug))
      .returning({ id: paymentMethods.id });
    return rows.length > 0;
  },
};
