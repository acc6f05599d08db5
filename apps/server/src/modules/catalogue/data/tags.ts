import type { TagSlug } from '@app/contract';

/**
 * The spec's 28 offer tags, ids in the spec's order. A tag fits an offer when it `appliesToAll`, when
 * the offer's payment method is in one of `groups`, or when the method is listed in `paymentMethods`.
 * Seasonal tags (diwali, blackfriday, valentinesday, bitcoinforall) fit every offer.
 */
export type TagRow = {
  id: number;
  slug: TagSlug;
  name: { en: string; es: string };
  description: { en: string; es: string };
  appliesToAll: boolean;
  groups: string[];
  paymentMethods: string[];
};

const row = (
  id: number,
  slug: TagSlug,
  name: [string, string],
  description: [string, string],
  scope: { all?: boolean; groups?: string[]; methods?: string[] },
): TagRow => ({
  id,
  slug,
  name: { en: name[0], es: name[1] },
  description: { en: description[0], es: description[1] },
  appliesToAll: scope.all ?? false,
  groups: scope.groups ?? [],
  paymentMethods: scope.methods ?? [],
});

export const TAGS: readonly TagRow[] = [
  row(1, 'cash-only', ['Cash only', 'Solo efectivo'], ['Payment in cash only.', 'Pago solo en efectivo.'], {
    groups: ['cash-deposits'],
  }),
  row(2, 'diwali', ['Diwali', 'Diwali'], ['Diwali season offer.', 'Oferta de temporada de Diwali.'], { all: true }),
  row(
    3,
    'e-codes-accepted',
    ['E-codes accepted', 'Se aceptan códigos electrónicos'],
    ['Digital gift card codes are accepted.', 'Se aceptan códigos digitales de tarjetas de regalo.'],
    { groups: ['gift-cards'] },
  ),
  row(
    4,
    'e-gift-card',
    ['E-gift card', 'Tarjeta de regalo electrónica'],
    ['Only electronic gift cards.', 'Solo tarjetas de regalo electrónicas.'],
    { groups: ['gift-cards'] },
  ),
  row(
    5,
    'local-in-person-only',
    ['Local in-person only', 'Solo en persona'],
    ['Meet in person; no remote payment.', 'Encuentro en persona; sin pago a distancia.'],
    { groups: ['cash-deposits', 'goods-and-services', 'assets'] },
  ),
  row(
    6,
    'no-id-needed',
    ['No ID needed', 'No se requiere identificación'],
    ['The vendor does not ask for an ID document.', 'El vendedor no pide documento de identidad.'],
    { all: true },
  ),
  row(
    7,
    'no-negotiation',
    ['No negotiation', 'Sin negociación'],
    ['The price and terms are final.', 'El precio y las condiciones son definitivos.'],
    { all: true },
  ),
  row(
    8,
    'no-receipt-needed',
    ['No receipt needed', 'No se necesita recibo'],
    ['No purchase receipt is required.', 'No se requiere recibo de compra.'],
    { groups: ['gift-cards', 'cash-deposits'] },
  ),
  row(
    9,
    'no-third-parties',
    ['No third parties', 'Sin terceros'],
    ['Payment must come from the trader\'s own account.', 'El pago debe venir de la cuenta propia del comerciante.'],
    { all: true },
  ),
  row(
    10,
    'no-verification-needed',
    ['No verification needed', 'No se necesita verificación'],
    ['No extra verification steps during the trade.', 'Sin pasos de verificación adicionales durante el intercambio.'],
    { all: true },
  ),
  row(11, 'no-vpn', ['No VPN', 'Sin VPN'], ['Traders using a VPN are declined.', 'Se rechaza a quien use una VPN.'], {
    all: true,
  }),
  row(
    12,
    'off-site',
    ['Off-site', 'Fuera de la plataforma'],
    ['Part of the exchange happens outside the platform (e.g. in a shop).', 'Parte del intercambio ocurre fuera de la plataforma (p. ej. en una tienda).'],
    { groups: ['cash-deposits', 'goods-and-services', 'services'] },
  ),
  row(
    13,
    'online-payments',
    ['Online payments', 'Pagos en línea'],
    ['Paid online, no visit to a branch.', 'Pago en línea, sin ir a una sucursal.'],
    { groups: ['bank-transfers', 'online-transfers', 'digital-currencies', 'mobile-money', 'debitcredit-cards'] },
  ),
  row(
    14,
    'photo-id-required',
    ['Photo ID required', 'Se requiere identificación con foto'],
    ['The vendor asks for a photo ID.', 'El vendedor pide una identificación con foto.'],
    { all: true },
  ),
  row(
    15,
    'physical-cards-only',
    ['Physical cards only', 'Solo tarjetas físicas'],
    ['Only physical cards, no e-codes.', 'Solo tarjetas físicas, sin códigos electrónicos.'],
    { groups: ['gift-cards', 'debitcredit-cards'] },
  ),
  row(
    16,
    'pin-required',
    ['PIN required', 'Se requiere PIN'],
    ['The card\'s PIN must be shared.', 'Se debe compartir el PIN de la tarjeta.'],
    { groups: ['gift-cards'] },
  ),
  row(
    17,
    'receipt-required',
    ['Receipt required', 'Se requiere recibo'],
    ['A purchase or deposit receipt is required.', 'Se requiere recibo de compra o depósito.'],
    { groups: ['gift-cards', 'cash-deposits', 'bank-transfers'] },
  ),
  row(
    18,
    'same-bank-only',
    ['Same bank only', 'Solo el mismo banco'],
    ['Transfers only from the same bank.', 'Transferencias solo desde el mismo banco.'],
    { groups: ['bank-transfers'] },
  ),
  row(
    19,
    'up-to-100-face-value',
    ['Up to 100 face value', 'Hasta 100 de valor nominal'],
    ['Cards of up to 100 face value.', 'Tarjetas de hasta 100 de valor nominal.'],
    { groups: ['gift-cards'] },
  ),
  row(
    20,
    'verified-paypal-only',
    ['Verified PayPal only', 'Solo PayPal verificado'],
    ['Only verified PayPal accounts.', 'Solo cuentas de PayPal verificadas.'],
    { methods: ['paypal'] },
  ),
  row(21, 'blackfriday', ['Black Friday', 'Black Friday'], ['Black Friday offer.', 'Oferta de Black Friday.'], {
    all: true,
  }),
  row(
    22,
    'bitcoinforall',
    ['Bitcoin for all', 'Bitcoin para todos'],
    ['Beginner-friendly offer.', 'Oferta pensada para principiantes.'],
    { all: true },
  ),
  row(
    23,
    'valentinesday',
    ["Valentine's Day", 'San Valentín'],
    ["Valentine's Day offer.", 'Oferta de San Valentín.'],
    { all: true },
  ),
  row(
    24,
    'guided-trade',
    ['Guided trade', 'Intercambio guiado'],
    ['The vendor guides you step by step.', 'El vendedor te guía paso a paso.'],
    { all: true },
  ),
  row(
    25,
    'gcc-instantly',
    ['Gift card code check instantly', 'Verificación instantánea del código'],
    ['The gift card code is checked right away.', 'El código de la tarjeta de regalo se verifica al instante.'],
    { groups: ['gift-cards'] },
  ),
  row(
    26,
    'self-checkout',
    ['Self-checkout', 'Autopago'],
    ['Bought at a self-checkout till.', 'Comprada en una caja de autopago.'],
    { groups: ['gift-cards', 'goods-and-services'] },
  ),
  row(
    27,
    'with-receipt',
    ['With receipt', 'Con recibo'],
    ['The card comes with its receipt.', 'La tarjeta viene con su recibo.'],
    { groups: ['gift-cards'] },
  ),
  row(
    28,
    'without-receipt',
    ['Without receipt', 'Sin recibo'],
    ['The card comes without a receipt.', 'La tarjeta viene sin recibo.'],
    { groups: ['gift-cards'] },
  ),
];
