/**
 * ISO 3166-1: all 249 officially assigned countries and territories, plus Kosovo (XK, user-assigned, used
 * by banks and by the EU), plus the WORLDWIDE pseudo-country of the spec.
 *
 * Columns: alpha-2 (`iso`), alpha-3 (served as the country's `code`), numeric (used as the stable `id`,
 * so ids never need a table of their own; XK takes 900 from the user-assigned range and WORLDWIDE the
 * spec's 9999), the international calling code (E.164, without the plus), and the main currency (ISO 4217;
 * `-` where none is used, e.g. Antarctica).
 *
 * Names come from ICU (`Intl.DisplayNames`) at seed time, with the overrides below.
 */

export type CountryRow = {
  id: number;
  iso: string;
  iso3: string;
  phoneCode: string;
  currencyCode: string | null;
};

const TABLE = `
AD AND 020 376 EUR
AE ARE 784 971 AED
AF AFG 004 93 AFN
AG ATG 028 1268 XCD
AI AIA 660 1264 XCD
AL ALB 008 355 ALL
AM ARM 051 374 AMD
AO AGO 024 244 AOA
AQ ATA 010 672 -
AR ARG 032 54 ARS
AS ASM 016 1684 USD
AT AUT 040 43 EUR
AU AUS 036 61 AUD
AW ABW 533 297 AWG
AX ALA 248 358 EUR
AZ AZE 031 994 AZN
BA BIH 070 387 BAM
BB BRB 052 1246 BBD
BD BGD 050 880 BDT
BE BEL 056 32 EUR
BF BFA 854 226 XOF
BG BGR 100 359 EUR
BH BHR 048 973 BHD
BI BDI 108 257 BIF
BJ BEN 204 229 XOF
BL BLM 652 590 EUR
BM BMU 060 1441 BMD
BN BRN 096 673 BND
BO BOL 068 591 BOB
BQ BES 535 599 USD
BR BRA 076 55 BRL
BS BHS 044 1242 BSD
BT BTN 064 975 BTN
BV BVT 074 47 NOK
BW BWA 072 267 BWP
BY BLR 112 375 BYN
BZ BLZ 084 501 BZD
CA CAN 124 1 CAD
CC CCK 166 61 AUD
CD COD 180 243 CDF
CF CAF 140 236 XAF
CG COG 178 242 XAF
CH CHE 756 41 CHF
CI CIV 384 225 XOF
CK COK 184 682 NZD
CL CHL 152 56 CLP
CM CMR 120 237 XAF
CN CHN 156 86 CNY
CO COL 170 57 COP
CR CRI 188 506 CRC
CU CUB 192 53 CUP
CV CPV 132 238 CVE
CW CUW 531 599 XCG
CX CXR 162 61 AUD
CY CYP 196 357 EUR
CZ CZE 203 420 CZK
DE DEU 276 49 EUR
DJ DJI 262 253 DJF
DK DNK 208 45 DKK
DM DMA 212 1767 XCD
DO DOM 214 1809 DOP
DZ DZA 012 213 DZD
EC ECU 218 593 USD
EE EST 233 372 EUR
EG EGY 818 20 EGP
EH ESH 732 212 MAD
ER ERI 232 291 ERN
ES ESP 724 34 EUR
ET ETH 231 251 ETB
FI FIN 246 358 EUR
FJ FJI 242 679 FJD
FK FLK 238 500 FKP
FM FSM 583 691 USD
FO FRO 234 298 DKK
FR FRA 250 33 EUR
GA GAB 266 241 XAF
GB GBR 826 44 GBP
GD GRD 308 1473 XCD
GE GEO 268 995 GEL
GF GUF 254 594 EUR
GG GGY 831 44 GBP
GH GHA 288 233 GHS
GI GIB 292 350 GIP
GL GRL 304 299 DKK
GM GMB 270 220 GMD
GN GIN 324 224 GNF
GP GLP 312 590 EUR
GQ GNQ 226 240 XAF
GR GRC 300 30 EUR
GS SGS 239 500 GBP
GT GTM 320 502 GTQ
GU GUM 316 1671 USD
GW GNB 624 245 XOF
GY GUY 328 592 GYD
HK HKG 344 852 HKD
HM HMD 334 672 AUD
HN HND 340 504 HNL
HR HRV 191 385 EUR
HT HTI 332 509 HTG
HU HUN 348 36 HUF
ID IDN 360 62 IDR
IE IRL 372 353 EUR
IL ISR 376 972 ILS
IM IMN 833 44 GBP
IN IND 356 91 INR
IO IOT 086 246 USD
IQ IRQ 368 964 IQD
IR IRN 364 98 IRR
IS ISL 352 354 ISK
IT ITA 380 39 EUR
JE JEY 832 44 GBP
JM JAM 388 1876 JMD
JO JOR 400 962 JOD
JP JPN 392 81 JPY
KE KEN 404 254 KES
KG KGZ 417 996 KGS
KH KHM 116 855 KHR
KI KIR 296 686 AUD
KM COM 174 269 KMF
KN KNA 659 1869 XCD
KP PRK 408 850 KPW
KR KOR 410 82 KRW
KW KWT 414 965 KWD
KY CYM 136 1345 KYD
KZ KAZ 398 7 KZT
LA LAO 418 856 LAK
LB LBN 422 961 LBP
LC LCA 662 1758 XCD
LI LIE 438 423 CHF
LK LKA 144 94 LKR
LR LBR 430 231 LRD
LS LSO 426 266 LSL
LT LTU 440 370 EUR
LU LUX 442 352 EUR
LV LVA 428 371 EUR
LY LBY 434 218 LYD
MA MAR 504 212 MAD
MC MCO 492 377 EUR
MD MDA 498 373 MDL
ME MNE 499 382 EUR
MF MAF 663 590 EUR
MG MDG 450 261 MGA
MH MHL 584 692 USD
MK MKD 807 389 MKD
ML MLI 466 223 XOF
MM MMR 104 95 MMK
MN MNG 496 976 MNT
MO MAC 446 853 MOP
MP MNP 580 1670 USD
MQ MTQ 474 596 EUR
MR MRT 478 222 MRU
MS MSR 500 1664 XCD
MT MLT 470 356 EUR
MU MUS 480 230 MUR
MV MDV 462 960 MVR
MW MWI 454 265 MWK
MX MEX 484 52 MXN
MY MYS 458 60 MYR
MZ MOZ 508 258 MZN
NA NAM 516 264 NAD
NC NCL 540 687 XPF
NE NER 562 227 XOF
NF NFK 574 672 AUD
NG NGA 566 234 NGN
NI NIC 558 505 NIO
NL NLD 528 31 EUR
NO NOR 578 47 NOK
NP NPL 524 977 NPR
NR NRU 520 674 AUD
NU NIU 570 683 NZD
NZ NZL 554 64 NZD
OM OMN 512 968 OMR
PA PAN 591 507 PAB
PE PER 604 51 PEN
PF PYF 258 689 XPF
PG PNG 598 675 PGK
PH PHL 608 63 PHP
PK PAK 586 92 PKR
PL POL 616 48 PLN
PM SPM 666 508 EUR
PN PCN 612 64 NZD
PR PRI 630 1787 USD
PS PSE 275 970 ILS
PT PRT 620 351 EUR
PW PLW 585 680 USD
PY PRY 600 595 PYG
QA QAT 634 974 QAR
RE REU 638 262 EUR
RO ROU 642 40 RON
RS SRB 688 381 RSD
RU RUS 643 7 RUB
RW RWA 646 250 RWF
SA SAU 682 966 SAR
SB SLB 090 677 SBD
SC SYC 690 248 SCR
SD SDN 729 249 SDG
SE SWE 752 46 SEK
SG SGP 702 65 SGD
SH SHN 654 290 SHP
SI SVN 705 386 EUR
SJ SJM 744 47 NOK
SK SVK 703 421 EUR
SL SLE 694 232 SLE
SM SMR 674 378 EUR
SN SEN 686 221 XOF
SO SOM 706 252 SOS
SR SUR 740 597 SRD
SS SSD 728 211 SSP
ST STP 678 239 STN
SV SLV 222 503 USD
SX SXM 534 1721 XCG
SY SYR 760 963 SYP
SZ SWZ 748 268 SZL
TC TCA 796 1649 USD
TD TCD 148 235 XAF
TF ATF 260 262 EUR
TG TGO 768 228 XOF
TH THA 764 66 THB
TJ TJK 762 992 TJS
TK TKL 772 690 NZD
TL TLS 626 670 USD
TM TKM 795 993 TMT
TN TUN 788 216 TND
TO TON 776 676 TOP
TR TUR 792 90 TRY
TT TTO 780 1868 TTD
TV TUV 798 688 AUD
TW TWN 158 886 TWD
TZ TZA 834 255 TZS
UA UKR 804 380 UAH
UG UGA 800 256 UGX
UM UMI 581 1 USD
US USA 840 1 USD
UY URY 858 598 UYU
UZ UZB 860 998 UZS
VA VAT 336 379 EUR
VC VCT 670 1784 XCD
VE VEN 862 58 VES
VG VGB 092 1284 USD
VI VIR 850 1340 USD
VN VNM 704 84 VND
VU VUT 548 678 VUV
WF WLF 876 681 XPF
WS WSM 882 685 WST
YE YEM 887 967 YER
YT MYT 175 262 EUR
ZA ZAF 710 27 ZAR
ZM ZMB 894 260 ZMW
ZW ZWE 716 263 ZWG
XK XKX 900 383 EUR
`;

/** Every country row, parsed once from the table above. */
export const COUNTRIES: readonly CountryRow[] = TABLE.trim()
  .split('\n')
  .map((line) => {
    const [iso = '', iso3 = '', numeric = '', phoneCode = '', currency = ''] = line.trim().split(/\s+/);
    return { id: Number(numeric), iso, iso3, phoneCode, currencyCode: currency === '-' ? null : currency };
  });

/** Names where ICU's short form reads oddly in a country picker. */
export const COUNTRY_NAME_OVERRIDES: Record<string, { en: string; es: string }> = {
  HK: { en: 'Hong Kong', es: 'Hong Kong' },
  MO: { en: 'Macao', es: 'Macao' },
  PS: { en: 'Palestine', es: 'Palestina' },
  MM: { en: 'Myanmar', es: 'Myanmar' },
  CD: { en: 'Congo (DRC)', es: 'Congo (RDC)' },
  CG: { en: 'Congo (Republic)', es: 'Congo (República)' },
  UM: { en: 'U.S. Minor Outlying Islands', es: 'Islas menores alejadas de EE. UU.' },
};

/** Sanctioned jurisdictions: no identity verification, no phone verification, not offered in pickers' top. */
export const SANCTIONED_ISOS: ReadonlySet<string> = new Set(['CU', 'IR', 'KP', 'SY']);

/** Places with no permanent population (or no phone network we can verify): no SMS verification. */
export const UNINHABITED_ISOS: ReadonlySet<string> = new Set(['AQ', 'BV', 'GS', 'HM', 'IO', 'PN', 'TF', 'UM']);

/** Markets shown at the top of country pickers (`important=1`), biggest P2P volume first. */
export const IMPORTANT_ISOS: readonly string[] = [
  'US', 'NG', 'GB', 'IN', 'GH', 'KE', 'CA', 'AU', 'ZA', 'BR', 'MX', 'AR', 'VE', 'CO', 'PH', 'AE', 'CN', 'DE',
  'FR', 'ES', 'IT', 'TR', 'UA', 'RU', 'PK', 'ID', 'VN', 'JP', 'EG', 'CM', 'UG', 'TZ', 'PE', 'CL',
];

/** Gift card regions (spec: Region id, name; offers carry amazonGiftCardRegions). */
export const GIFT_CARD_REGIONS: readonly { id: number; slug: string; en: string; es: string; countries: string[] }[] = [
  { id: 1, slug: 'usa', en: 'USA', es: 'EE. UU.', countries: ['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM'] },
  { id: 2, slug: 'uk', en: 'United Kingdom', es: 'Reino Unido', countries: ['GB', 'IM', 'JE', 'GG'] },
  { id: 3, slug: 'canada', en: 'Canada', es: 'Canadá', countries: ['CA'] },
  { id: 4, slug: 'australia', en: 'Australia', es: 'Australia', countries: ['AU'] },
  { id: 5, slug: 'germany', en: 'Germany', es: 'Alemania', countries: ['DE', 'AT'] },
  { id: 6, slug: 'france', en: 'France', es: 'Francia', countries: ['FR', 'BE', 'LU', 'MC'] },
  { id: 7, slug: 'italy', en: 'Italy', es: 'Italia', countries: ['IT', 'SM', 'VA'] },
  { id: 8, slug: 'spain', en: 'Spain', es: 'España', countries: ['ES', 'AD'] },
  { id: 9, slug: 'netherlands', en: 'Netherlands', es: 'Países Bajos', countries: ['NL'] },
  { id: 10, slug: 'japan', en: 'Japan', es: 'Japón', countries: ['JP'] },
  { id: 11, slug: 'mexico', en: 'Mexico', es: 'México', countries: ['MX'] },
  { id: 12, slug: 'brazil', en: 'Brazil', es: 'Brasil', countries: ['BR'] },
  { id: 13, slug: 'india', en: 'India', es: 'India', countries: ['IN'] },
  { id: 14, slug: 'uae', en: 'United Arab Emirates', es: 'Emiratos Árabes Unidos', countries: ['AE'] },
  { id: 15, slug: 'saudi-arabia', en: 'Saudi Arabia', es: 'Arabia Saudí', countries: ['SA'] },
  { id: 16, slug: 'singapore', en: 'Singapore', es: 'Singapur', countries: ['SG'] },
  { id: 17, slug: 'sweden', en: 'Sweden', es: 'Suecia', countries: ['SE'] },
  { id: 18, slug: 'poland', en: 'Poland', es: 'Polonia', countries: ['PL'] },
  { id: 19, slug: 'turkey', en: 'Türkiye', es: 'Turquía', countries: ['TR'] },
  {
    id: 20,
    slug: 'europe',
    en: 'Europe (EUR)',
    es: 'Europa (EUR)',
    countries: ['AT', 'BE', 'BG', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK'],
  },
  { id: 21, slug: 'worldwide', en: 'Worldwide', es: 'Todo el mundo', countries: [] },
];
