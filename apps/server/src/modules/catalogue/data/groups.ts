import { PAYMENT_CATEGORY_IDS } from '@app/contract';

/**
 * Payment method groups: the spec's ten slugs plus `assets`. A group's id is the spec's payment category
 * id (gift cards 1 ... mobile money 8, assets 43); `services` has no category id in the spec and takes 9;
 * the pseudo-group `all-payment-methods` is 0, a filter value that no method belongs to.
 */
export type GroupRow = { id: number; slug: string; en: string; es: string; order: number };

export const GROUPS: readonly GroupRow[] = [
  { id: 0, slug: 'all-payment-methods', en: 'All payment methods', es: 'Todos los métodos de pago', order: 0 },
  { id: PAYMENT_CATEGORY_IDS.bankTransfers, slug: 'bank-transfers', en: 'Bank transfers', es: 'Transferencias bancarias', order: 1 },
  { id: PAYMENT_CATEGORY_IDS.onlineWallets, slug: 'online-transfers', en: 'Online wallets', es: 'Billeteras en línea', order: 2 },
  { id: PAYMENT_CATEGORY_IDS.giftCards, slug: 'gift-cards', en: 'Gift cards', es: 'Tarjetas de regalo', order: 3 },
  { id: PAYMENT_CATEGORY_IDS.cash, slug: 'cash-deposits', en: 'Cash deposits', es: 'Depósitos en efectivo', order: 4 },
  { id: PAYMENT_CATEGORY_IDS.debitCreditCards, slug: 'debitcredit-cards', en: 'Debit/credit cards', es: 'Tarjetas de débito/crédito', order: 5 },
  { id: PAYMENT_CATEGORY_IDS.goodsAndServices, slug: 'goods-and-services', en: 'Goods and services', es: 'Bienes y servicios', order: 6 },
  { id: PAYMENT_CATEGORY_IDS.digitalCurrencies, slug: 'digital-currencies', en: 'Digital currencies', es: 'Monedas digitales', order: 7 },
  { id: PAYMENT_CATEGORY_IDS.mobileMoney, slug: 'mobile-money', en: 'Mobile money', es: 'Dinero móvil', order: 8 },
  { id: PAYMENT_CATEGORY_IDS.services, slug: 'services', en: 'Services', es: 'Servicios', order: 9 },
  { id: PAYMENT_CATEGORY_IDS.assets, slug: 'assets', en: 'Assets', es: 'Activos', order: 10 },
];

/** Group slug -> id, for the data files that name groups by slug. */
export const GROUP_ID: Readonly<Record<string, number>> = Object.fromEntries(GROUPS.map((g) => [g.slug, g.id]));
