import type { Db } from '../../platform/db/client.js';
import { ResponseCache } from './http-cache.js';
import {
  catalogueRepository,
  type CatalogueRecords,
  type CountryRecord,
  type CryptoRecord,
  type CurrencyRecord,
  type GroupRecord,
  type PaymentMethodRecord,
  type RegionRecord,
  type TagRecord,
} from './repository.js';
import { bumpCatalogueVersion } from './seed.js';

/** The reference data in memory, with the lookups the routes need. Immutable: a reload builds a new one. */
export type CatalogueData = {
  version: number;
  groups: GroupRecord[];
  groupById: Map<number, GroupRecord>;
  groupBySlug: Map<string, GroupRecord>;
  /** Active methods only (hidden ones answer 404). */
  methods: PaymentMethodRecord[];
  methodById: Map<number, PaymentMethodRecord>;
  methodBySlug: Map<string, PaymentMethodRecord>;
  methodCountByGroup: Map<number, number>;
  popular: CatalogueRecords['popular'];
  /** Tradable currencies: fiat and the precious metals, by code. */
  currencies: CurrencyRecord[];
  currencyByCode: Map<string, CurrencyRecord>;
  /** Real countries (without WORLDWIDE). */
  countries: CountryRecord[];
  worldwide: CountryRecord | undefined;
  regions: RegionRecord[];
  /**
   * The coins this server trades: the catalogue's, minus those the operator switched off
   * (`isCryptoEnabled`, from the chain configuration: CHAIN_XMR=off). Every list a trader meets (the
   * crypto list the web reads, rates, the calculator, the wallet) and every new action (an offer, a search,
   * a trade start, a deposit) goes through these two, so a switched-off coin is simply not there.
   */
  cryptos: CryptoRecord[];
  cryptoByCode: Map<string, CryptoRecord>;
  /**
   * Every coin the database knows, switched off or not: only for presenting what was made before a coin
   * was switched off (a trade's amounts, a dispute, the ledger's decimals), never to accept new work.
   */
  knownCryptoByCode: Map<string, CryptoRecord>;
  tags: TagRecord[];
  tagGroupIds: Map<number, Set<number>>;
  tagMethodIds: Map<number, Set<number>>;
};

function index(records: CatalogueRecords, isCryptoEnabled: (code: string) => boolean): CatalogueData {
  const cryptos = records.cryptos.filter((c) => isCryptoEnabled(c.code));
  const methods = records.methods.filter((m) => m.isActive);
  const methodCountByGroup = new Map<number, number>();
  for (const m of methods) methodCountByGroup.set(m.groupId, (methodCountByGroup.get(m.groupId) ?? 0) + 1);
  const currencies = records.currencies.filter((c) => c.kind === 'fiat' || c.kind === 'metal');
  const tagGroupIds = new Map<number, Set<number>>();
  for (const link of records.tagGroups) {
    const set = tagGroupIds.get(link.tagId) ?? new Set<number>();
    set.add(link.groupId);
    tagGroupIds.set(link.tagId, set);
  }
  const tagMethodIds = new Map<number, Set<number>>();
  for (const link of records.tagMethods) {
    const set = tagMethodIds.get(link.tagId) ?? new Set<number>();
    set.add(link.paymentMethodId);
    tagMethodIds.set(link.tagId, set);
  }
  return {
    version: records.version,
    groups: records.groups,
    groupById: new Map(records.groups.map((g) => [g.id, g])),
    groupBySlug: new Map(records.groups.map((g) => [g.slug, g])),
    methods,
    methodById: new Map(methods.map((m) => [m.id, m])),
    methodBySlug: new Map(methods.map((m) => [m.slug, m])),
    methodCountByGroup,
    popular: records.popular,
    currencies,
    currencyByCode: new Map(currencies.map((c) => [c.code, c])),
    countries: records.countries.filter((c) => c.iso !== 'WORLDWIDE'),
    worldwide: records.countries.find((c) => c.iso === 'WORLDWIDE'),
    regions: records.regions,
    cryptos,
    cryptoByCode: new Map(cryptos.map((c) => [c.code, c])),
    knownCryptoByCode: new Map(records.cryptos.map((c) => [c.code, c])),
    tags: records.tags,
    tagGroupIds,
    tagMethodIds,
  };
}

export type CatalogueServiceOptions = {
  /** How often an instance asks PostgreSQL whether the data changed (ms). */
  refreshMs?: number;
  now?: () => number;
  /**
   * Whether the server trades this coin: the chain adapter's `supports` (a coin whose network is `off` is
   * not supported; decision 0055). Unset: every coin of the catalogue (the admin commands' own copies).
   */
  isCryptoEnabled?: (code: string) => boolean;
};

/**
 * Reference data served from memory. PostgreSQL is the source of truth: the first request loads it,
 * and afterwards at most one cheap version query every `refreshMs` tells whether another instance (or
 * an admin command) changed it. Requests never wait for that check; they get the copy in hand.
 */
export function createCatalogueService(db: Db, options: CatalogueServiceOptions = {}) {
  const refreshMs = options.refreshMs ?? 5_000;
  const now = options.now ?? Date.now;
  const isCryptoEnabled = options.isCryptoEnabled ?? (() => true);
  const responses = new ResponseCache({ brotli: true });
  let current: CatalogueData | undefined;
  let loading: Promise<CatalogueData> | undefined;
  let checkedAt = 0;
  let checking: Promise<void> | undefined;

  async function load(): Promise<CatalogueData> {
    const data = index(await catalogueRepository.loadAll(db), isCryptoEnabled);
    if (!current || data.version !== current.version) responses.clear();
    current = data;
    checkedAt = now();
    return data;
  }

  async function checkVersion(): Promise<void> {
    try {
      const version = await catalogueRepository.version(db);
      checkedAt = now();
      if (version !== current?.version) await load();
    } catch {
      // A failed check keeps serving the copy in hand; the next request tries again.
      checkedAt = now();
    }
  }

  return {
    /** Answers built from the current data; cleared whenever the data version changes. */
    responses,

    /** The data in memory, loading it on first use and scheduling a background version check when due. */
    async data(): Promise<CatalogueData> {
      if (!current) {
        loading ??= load().finally(() => {
          loading = undefined;
        });
        return loading;
      }
      if (now() - checkedAt >= refreshMs && !checking) {
        checking = checkVersion().finally(() => {
          checking = undefined;
        });
      }
      return current;
    },

    /** Reloads now (after a change made by this process). */
    async reload(): Promise<CatalogueData> {
      return load();
    },

    /** Hides or shows a payment method for every instance. Returns false for an unknown slug. */
    async setPaymentMethodActive(slug: string, isActive: boolean): Promise<boolean> {
      const found = await db.transaction(async (tx) => {
        const ok = await catalogueRepository.setPaymentMethodActive(tx, slug, isActive);
        if (ok) await bumpCatalogueVersion(tx);
        return ok;
      });
      if (found) await load();
      return found;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
