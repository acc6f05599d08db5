import { GROUP_ID } from './groups.js';

/**
 * Payment methods, written from what P2P traders actually pay with: bank transfers country by country,
 * the big online wallets, gift card brands, cash deposit networks, card schemes, mobile money operators,
 * other coins, goods, services and precious metals.
 *
 * One line per method: `id|slug|English name|countries|Spanish name|flags`.
 * - `id` is explicit and frozen (blocks of ids per group only for readability); never reuse one.
 * - `countries` lists ISO alpha-2 codes for a country-specific method (a local bank, a national wallet);
 *   empty means usable anywhere.
 * - The Spanish name is given where the name is a generic phrase; brand names stay as they are.
 * - flags: `bin` = offers may restrict the card's BIN (`isBinCodeEnabled`); `generic` = no brand, so the
 *   icon is the group's.
 */

export type PaymentMethodRow = {
  id: number;
  slug: string;
  en: string;
  es: string;
  groupId: number;
  groupSlug: string;
  countries: string[];
  isBinCodeEnabled: boolean;
  iconName: string;
};

const BLOCKS: Record<string, string> = {
  'bank-transfers': `
1|bank-transfer|Bank Transfer||Transferencia bancaria|generic
2|domestic-wire-transfer|Domestic Wire Transfer||Transferencia bancaria nacional|generic
3|international-wire-swift|International Wire (SWIFT)||Transferencia internacional (SWIFT)|generic
4|sepa-bank-transfer|SEPA Bank Transfer|AT,BE,BG,CY,CZ,DE,DK,EE,ES,FI,FR,GR,HR,HU,IE,IT,LT,LU,LV,MT,NL,PL,PT,RO,SE,SI,SK,CH,NO,IS,LI,GB|Transferencia SEPA|
5|sepa-instant|SEPA Instant Credit Transfer|AT,BE,DE,ES,FI,FR,IE,IT,LT,LU,LV,NL,PT,SI,SK,EE|Transferencia SEPA instantánea|
6|ach-transfer|ACH Transfer|US|Transferencia ACH|
7|faster-payments|Faster Payments (UK)|GB|Faster Payments (Reino Unido)|
8|interac-e-transfer|Interac e-Transfer|CA||
9|chase-bank|Chase Bank|US||
10|bank-of-america|Bank of America|US||
11|wells-fargo|Wells Fargo|US||
12|citibank|Citibank|||
13|capital-one|Capital One|US||
14|pnc-bank|PNC Bank|US||
15|us-bank|U.S. Bank|US||
16|td-bank|TD Bank|US,CA||
17|truist|Truist|US||
18|navy-federal-credit-union|Navy Federal Credit Union|US||
19|regions-bank|Regions Bank|US||
20|access-bank|Access Bank|NG,GH,KE,RW,ZM||
21|gtbank|GTBank (Guaranty Trust Bank)|NG,GH,KE,UG||
22|first-bank-of-nigeria|First Bank of Nigeria|NG||
23|zenith-bank|Zenith Bank|NG,GH||
24|uba|UBA (United Bank for Africa)|NG,GH,KE,CM,SN,CI||
25|fidelity-bank-nigeria|Fidelity Bank Nigeria|NG||
26|ecobank|Ecobank|NG,GH,KE,CI,SN,CM,TG,BJ,BF,ML,TZ,UG,ZM||
27|sterling-bank|Sterling Bank|NG||
28|union-bank-of-nigeria|Union Bank of Nigeria|NG||
29|wema-bank|Wema Bank|NG||
30|stanbic-ibtc|Stanbic IBTC|NG||
31|polaris-bank|Polaris Bank|NG||
32|kuda-bank|Kuda Bank|NG||
33|moniepoint|Moniepoint|NG||
34|barclays|Barclays|GB||
35|hsbc|HSBC|||
36|lloyds-bank|Lloyds Bank|GB||
37|natwest|NatWest|GB||
38|santander|Santander|GB,ES,PT,PL,DE,BR,MX,AR,CL,US||
39|monzo|Monzo|GB||
40|starling-bank|Starling Bank|GB||
41|state-bank-of-india|State Bank of India (SBI)|IN||
42|hdfc-bank|HDFC Bank|IN||
43|icici-bank|ICICI Bank|IN||
44|axis-bank|Axis Bank|IN||
45|kotak-mahindra-bank|Kotak Mahindra Bank|IN||
46|imps|IMPS|IN||
47|neft|NEFT|IN||
48|rtgs|RTGS|IN||
49|gcb-bank|GCB Bank|GH||
50|equity-bank|Equity Bank|KE,UG,TZ,RW,CD||
51|kcb-bank|KCB Bank|KE,UG,TZ,RW||
52|fnb|FNB (First National Bank)|ZA,BW,NA||
53|standard-bank|Standard Bank|ZA,NA,BW,MZ,ZM,MW||
54|absa|Absa|ZA,KE,GH,BW||
55|capitec-bank|Capitec Bank|ZA||
56|nedbank|Nedbank|ZA||
57|pix|PIX|BR||
58|ted-transfer|TED Transfer|BR|Transferencia TED|
59|banco-do-brasil|Banco do Brasil|BR||
60|itau|Itaú|BR||
61|bradesco|Bradesco|BR||
62|caixa-economica-federal|Caixa Econômica Federal|BR||
63|nubank|Nubank|BR,MX,CO||
64|spei|SPEI|MX||
65|bbva|BBVA|MX,ES,CO,PE,AR,TR,UY||
66|banorte|Banorte|MX||
67|citibanamex|Citibanamex|MX||
68|banco-de-la-nacion-argentina|Banco de la Nación Argentina|AR||
69|banco-galicia|Banco Galicia|AR||
70|brubank|Brubank|AR||
71|cbu-cvu-transfer|CBU/CVU Transfer|AR|Transferencia CBU/CVU|
72|bancolombia|Bancolombia|CO||
73|pse|PSE|CO||
74|banesco|Banesco|VE,PA||
75|banco-de-venezuela|Banco de Venezuela|VE||
76|mercantil-banco|Mercantil Banco|VE,PA||
77|bbva-provincial|BBVA Provincial|VE||
78|pago-movil|Pago Móvil|VE||
79|bcp-banco-de-credito|BCP (Banco de Crédito del Perú)|PE||
80|interbank|Interbank|PE||
81|bancoestado|BancoEstado|CL||
82|banco-de-chile|Banco de Chile|CL||
83|bdo-unibank|BDO Unibank|PH||
84|bpi|BPI (Bank of the Philippine Islands)|PH||
85|metrobank|Metrobank|PH||
86|instapay-philippines|InstaPay (Philippines)|PH||
87|pesonet|PESONet|PH||
88|bca|BCA (Bank Central Asia)|ID||
89|bank-mandiri|Bank Mandiri|ID||
90|bri|BRI (Bank Rakyat Indonesia)|ID||
91|bni|BNI (Bank Negara Indonesia)|ID||
92|vietcombank|Vietcombank|VN||
93|techcombank|Techcombank|VN||
94|icbc|ICBC|CN||
95|china-construction-bank|China Construction Bank|CN||
96|bank-of-china|Bank of China|CN||
97|agricultural-bank-of-china|Agricultural Bank of China|CN||
98|sberbank|Sberbank|RU||
99|t-bank|T-Bank (Tinkoff)|RU||
100|alfa-bank|Alfa-Bank|RU||
101|vtb|VTB|RU||
102|sbp-faster-payments-system|SBP (Faster Payments System)|RU|SBP (Sistema de pagos rápidos)|
103|privatbank|PrivatBank|UA||
104|monobank|monobank|UA||
105|oschadbank|Oschadbank|UA||
106|ziraat-bankasi|Ziraat Bankası|TR||
107|garanti-bbva|Garanti BBVA|TR||
108|is-bankasi|İş Bankası|TR||
109|hbl|HBL (Habib Bank Limited)|PK||
110|meezan-bank|Meezan Bank|PK||
111|ubl|UBL (United Bank Limited)|PK||
112|dutch-bangla-bank|Dutch-Bangla Bank|BD||
113|national-bank-of-egypt|National Bank of Egypt|EG||
114|cib-egypt|CIB (Commercial International Bank)|EG||
115|instapay-egypt|InstaPay (Egypt)|EG||
116|attijariwafa-bank|Attijariwafa Bank|MA||
117|cih-bank|CIH Bank|MA||
118|emirates-nbd|Emirates NBD|AE||
119|first-abu-dhabi-bank|First Abu Dhabi Bank|AE||
120|al-rajhi-bank|Al Rajhi Bank|SA||
121|rbc-royal-bank|RBC Royal Bank|CA||
122|scotiabank|Scotiabank|CA,MX,PE,CL,CO||
123|bmo|BMO|CA,US||
124|cibc|CIBC|CA||
125|payid-osko|PayID / Osko|AU||
126|commonwealth-bank|Commonwealth Bank|AU||
127|westpac|Westpac|AU,NZ||
128|anz|ANZ|AU,NZ||
129|nab|NAB (National Australia Bank)|AU||
130|sparkasse|Sparkasse|DE||
131|deutsche-bank|Deutsche Bank|DE||
132|commerzbank|Commerzbank|DE||
133|n26|N26|DE,AT,ES,FR,IT,NL,IE,PT||
134|ing|ING|NL,DE,BE,ES,IT,PL,RO,AU||
135|bnp-paribas|BNP Paribas|FR,BE,IT||
136|credit-agricole|Crédit Agricole|FR||
137|societe-generale|Société Générale|FR||
138|caixabank|CaixaBank|ES||
139|intesa-sanpaolo|Intesa Sanpaolo|IT||
140|unicredit|UniCredit|IT,DE,AT||
141|ideal|iDEAL|NL||
142|abn-amro|ABN AMRO|NL||
143|rabobank|Rabobank|NL||
144|pko-bank-polski|PKO Bank Polski|PL||
145|mufg-bank|MUFG Bank|JP||
146|promptpay|PromptPay|TH||
147|kasikornbank|Kasikornbank|TH||
148|duitnow|DuitNow|MY||
149|maybank|Maybank|MY,SG||
150|paynow|PayNow|SG||
151|dbs-bank|DBS Bank|SG,HK||
152|fps-hong-kong|FPS (Faster Payment System)|HK||
153|standard-chartered|Standard Chartered|||
154|swish|Swish|SE||
155|vipps-mobilepay|Vipps MobilePay|NO,DK,FI||
156|twint|TWINT|CH||
157|ubs|UBS|CH||
158|bank-of-ireland|Bank of Ireland|IE||
159|millennium-bcp|Millennium BCP|PT||
160|mb-way|MB WAY|PT||
161|kaspi-bank|Kaspi Bank|KZ||
162|tbc-bank|TBC Bank|GE||
163|bank-of-georgia|Bank of Georgia|GE||
164|commercial-bank-of-ethiopia|Commercial Bank of Ethiopia|ET||
165|crdb-bank|CRDB Bank|TZ||
166|stanbic-bank-uganda|Stanbic Bank Uganda|UG||
167|zanaco|Zanaco|ZM||
168|cbz-bank|CBZ Bank|ZW||
`,
  'online-transfers': `
200|paypal|PayPal|||
201|venmo|Venmo|US||
202|cash-app|Cash App|US,GB||
203|zelle|Zelle|US||
204|apple-pay|Apple Pay|||
205|google-pay|Google Pay|||
206|samsung-pay|Samsung Pay|||
207|skrill|Skrill|||
208|neteller|NETELLER|||
209|payoneer|Payoneer|||
210|wise|Wise|||
211|revolut|Revolut|||
212|perfect-money|Perfect Money|||
213|payeer|Payeer|||
214|advcash|AdvCash|||
215|webmoney|WebMoney|||
216|paysera|Paysera|||
217|alipay|Alipay|CN,HK||
218|wechat-pay|WeChat Pay|CN,HK||
219|mercado-pago|Mercado Pago|AR,BR,MX,CO,CL,PE,UY||
220|airtm|Airtm|||
221|uphold|Uphold|||
222|paxum|Paxum|||
223|jeton|Jeton Wallet|||
224|mifinity|MiFinity|||
225|upi|UPI|IN||
226|paytm|Paytm|IN||
227|phonepe|PhonePe|IN||
228|amazon-pay|Amazon Pay|||
229|chime|Chime|US||
230|yoomoney|YooMoney|RU||
231|papara|Papara|TR||
232|stc-pay|STC Pay|SA||
233|bizum|Bizum|ES||
234|lydia|Lydia|FR||
235|satispay|Satispay|IT||
236|blik|BLIK|PL||
237|paypay|PayPay|JP||
238|line-pay|LINE Pay|TW,TH,JP||
239|kakaopay|KakaoPay|KR||
240|toss|Toss|KR||
241|ovo|OVO|ID||
242|dana|DANA|ID||
243|gopay|GoPay|ID||
244|momo-vietnam|MoMo|VN||
245|touch-n-go-ewallet|Touch 'n Go eWallet|MY||
246|payme-hong-kong|PayMe (HSBC)|HK||
247|nequi|Nequi|CO||
248|daviplata|DaviPlata|CO||
249|yape|Yape|PE||
250|plin|Plin|PE||
251|uala|Ualá|AR,MX||
252|zinli|Zinli|VE,PA||
253|reserve|Reserve|VE,AR||
254|picpay|PicPay|BR||
255|western-union-online|Western Union (online transfer)||Western Union (transferencia en línea)|
256|moneygram-online|MoneyGram (online transfer)||MoneyGram (transferencia en línea)|
257|remitly|Remitly|||
258|worldremit|WorldRemit|||
259|xoom|Xoom|||
260|ria-money-transfer|Ria Money Transfer|||
261|taptap-send|Taptap Send|||
262|sendwave|Sendwave|||
263|chipper-cash|Chipper Cash|NG,GH,KE,UG,RW,ZA,TZ||
264|grey|Grey|NG,GH,KE||
265|barter-by-flutterwave|Barter by Flutterwave|NG,GH,KE||
266|payset|Payset|||
267|other-online-wallet|Other Online Wallet||Otra billetera en línea|generic
268|paysafecard|paysafecard|||
269|trustly|Trustly|||
270|klarna|Klarna|||
271|strike|Strike|US,SV||
`,
  'gift-cards': `
400|amazon-gift-card|Amazon Gift Card||Tarjeta de regalo de Amazon|
401|apple-gift-card|Apple Gift Card (iTunes)||Tarjeta de regalo de Apple (iTunes)|
402|google-play-gift-card|Google Play Gift Card||Tarjeta de regalo de Google Play|
403|steam-wallet-gift-card|Steam Wallet Gift Card||Tarjeta de regalo de Steam Wallet|
404|walmart-gift-card|Walmart Gift Card|US,CA,MX|Tarjeta de regalo de Walmart|
405|target-gift-card|Target Gift Card|US|Tarjeta de regalo de Target|
406|ebay-gift-card|eBay Gift Card||Tarjeta de regalo de eBay|
407|sephora-gift-card|Sephora Gift Card||Tarjeta de regalo de Sephora|
408|nike-gift-card|Nike Gift Card||Tarjeta de regalo de Nike|
409|best-buy-gift-card|Best Buy Gift Card|US,CA|Tarjeta de regalo de Best Buy|
410|home-depot-gift-card|The Home Depot Gift Card|US,CA,MX|Tarjeta de regalo de The Home Depot|
411|starbucks-gift-card|Starbucks Gift Card||Tarjeta de regalo de Starbucks|
412|visa-gift-card|Visa Gift Card||Tarjeta de regalo Visa|bin
413|mastercard-gift-card|Mastercard Gift Card||Tarjeta de regalo Mastercard|bin
414|american-express-gift-card|American Express Gift Card||Tarjeta de regalo American Express|bin
415|vanilla-visa-gift-card|Vanilla Visa Gift Card|US|Tarjeta de regalo Vanilla Visa|bin
416|onevanilla-gift-card|OneVanilla Gift Card|US|Tarjeta de regalo OneVanilla|bin
417|razer-gold-gift-card|Razer Gold Gift Card||Tarjeta de regalo Razer Gold|
418|xbox-gift-card|Xbox Gift Card||Tarjeta de regalo de Xbox|
419|playstation-gift-card|PlayStation Store Gift Card||Tarjeta de regalo de PlayStation Store|
420|nintendo-eshop-gift-card|Nintendo eShop Gift Card||Tarjeta de regalo de Nintendo eShop|
421|netflix-gift-card|Netflix Gift Card||Tarjeta de regalo de Netflix|
422|spotify-gift-card|Spotify Gift Card||Tarjeta de regalo de Spotify|
423|uber-gift-card|Uber Gift Card||Tarjeta de regalo de Uber|
424|uber-eats-gift-card|Uber Eats Gift Card||Tarjeta de regalo de Uber Eats|
425|airbnb-gift-card|Airbnb Gift Card||Tarjeta de regalo de Airbnb|
426|hotels-com-gift-card|Hotels.com Gift Card||Tarjeta de regalo de Hotels.com|
427|macys-gift-card|Macy's Gift Card|US|Tarjeta de regalo de Macy's|
428|nordstrom-gift-card|Nordstrom Gift Card|US,CA|Tarjeta de regalo de Nordstrom|
429|foot-locker-gift-card|Foot Locker Gift Card||Tarjeta de regalo de Foot Locker|
430|adidas-gift-card|adidas Gift Card||Tarjeta de regalo de adidas|
431|hm-gift-card|H&M Gift Card||Tarjeta de regalo de H&M|
432|ikea-gift-card|IKEA Gift Card||Tarjeta de regalo de IKEA|
433|lowes-gift-card|Lowe's Gift Card|US|Tarjeta de regalo de Lowe's|
434|costco-gift-card|Costco Gift Card|US,CA|Tarjeta de regalo de Costco|
435|cvs-gift-card|CVS Pharmacy Gift Card|US|Tarjeta de regalo de CVS Pharmacy|
436|walgreens-gift-card|Walgreens Gift Card|US|Tarjeta de regalo de Walgreens|
437|gamestop-gift-card|GameStop Gift Card|US,CA|Tarjeta de regalo de GameStop|
438|roblox-gift-card|Roblox Gift Card||Tarjeta de regalo de Roblox|
439|ulta-beauty-gift-card|Ulta Beauty Gift Card|US|Tarjeta de regalo de Ulta Beauty|
440|kohls-gift-card|Kohl's Gift Card|US|Tarjeta de regalo de Kohl's|
441|jcpenney-gift-card|JCPenney Gift Card|US|Tarjeta de regalo de JCPenney|
442|zara-gift-card|Zara Gift Card||Tarjeta de regalo de Zara|
443|dominos-gift-card|Domino's Gift Card||Tarjeta de regalo de Domino's|
444|doordash-gift-card|DoorDash Gift Card|US,CA,AU|Tarjeta de regalo de DoorDash|
445|lyft-gift-card|Lyft Gift Card|US,CA|Tarjeta de regalo de Lyft|
446|google-play-gift-card-uk|Google Play Gift Card (UK)|GB|Tarjeta de regalo de Google Play (Reino Unido)|
447|tesco-gift-card|Tesco Gift Card|GB|Tarjeta de regalo de Tesco|
448|argos-gift-card|Argos Gift Card|GB|Tarjeta de regalo de Argos|
449|jd-sports-gift-card|JD Sports Gift Card|GB,IE|Tarjeta de regalo de JD Sports|
450|fortnite-v-bucks-gift-card|Fortnite V-Bucks Gift Card||Tarjeta de regalo de Fortnite V-Bucks|
451|apple-store-gift-card|Apple Store Gift Card||Tarjeta de regalo de Apple Store|
452|microsoft-gift-card|Microsoft Gift Card||Tarjeta de regalo de Microsoft|
453|sams-club-gift-card|Sam's Club Gift Card|US|Tarjeta de regalo de Sam's Club|
454|visa-prepaid-card|Visa Prepaid Card||Tarjeta prepago Visa|bin
455|other-gift-card|Other Gift Card||Otra tarjeta de regalo|generic
`,
  'cash-deposits': `
500|cash-deposit-to-bank|Cash Deposit to Bank||Depósito en efectivo en banco|generic
501|cash-in-person|Cash in Person||Efectivo en persona|generic
502|cash-by-mail|Cash by Mail||Efectivo por correo|generic
503|western-union|Western Union|||
504|moneygram|MoneyGram|||
505|ria-cash-pickup|Ria Cash Pickup||Ria (retiro en efectivo)|
506|walmart-2-walmart|Walmart2Walmart|US||
507|walmart-moneycenter|Walmart MoneyCenter|US||
508|oxxo|OXXO|MX||
509|seven-eleven|7-Eleven|||
510|green-dot-cash-deposit|Green Dot Cash Deposit|US|Depósito en efectivo Green Dot|
511|netspend-reload|NetSpend Reload|US|Recarga NetSpend|
512|vanilla-reload|Vanilla Reload|US|Recarga Vanilla|
513|reloadit|Reloadit|US||
514|paypal-my-cash|PayPal My Cash|US||
515|rapipago|Rapipago|AR||
516|pago-facil|Pago Fácil|AR||
517|efecty|Efecty|CO||
518|baloto|Baloto|CO||
519|boleto-bancario|Boleto Bancário|BR||
520|loterica|Lotérica|BR||
521|banco-azteca-elektra|Banco Azteca / Elektra|MX||
522|coppel|Coppel|MX||
523|cebuana-lhuillier|Cebuana Lhuillier|PH||
524|palawan-express|Palawan Express|PH||
525|m-lhuillier|M Lhuillier|PH||
526|alfamart|Alfamart|ID||
527|indomaret|Indomaret|ID||
528|familymart|FamilyMart|JP,TW,PH||
529|lawson|Lawson|JP||
530|paypoint|PayPoint|GB||
531|post-office-uk|Post Office (UK)|GB|Correos (Reino Unido)|
532|atm-cash-deposit|ATM Cash Deposit||Depósito en efectivo en cajero|generic
533|cardless-atm-withdrawal|Cardless ATM Withdrawal||Retiro sin tarjeta en cajero|generic
534|cash-app-cash-deposit|Cash App Cash Deposit|US|Depósito en efectivo Cash App|
535|shoprite-money-transfer|Shoprite Money Transfer|ZA||
536|mukuru|Mukuru|ZA,ZW,MW,ZM,MZ||
537|pep-money-transfer|PEP Money Transfer|ZA||
538|sigue-money-transfer|Sigue Money Transfer|US,MX||
539|intermex|Intermex|US,MX,GT,HN,SV||
540|unitransfer|Dinero en Efectivo (Unitransfer)|VE,CO,PE||
`,
  'debitcredit-cards': `
600|visa-debit-credit-card|Visa Debit/Credit Card||Tarjeta de débito/crédito Visa|bin
601|mastercard-debit-credit-card|Mastercard Debit/Credit Card||Tarjeta de débito/crédito Mastercard|bin
602|american-express-card|American Express Card||Tarjeta American Express|bin
603|discover-card|Discover Card|US|Tarjeta Discover|bin
604|unionpay-card|UnionPay Card||Tarjeta UnionPay|bin
605|jcb-card|JCB Card||Tarjeta JCB|bin
606|maestro-card|Maestro Card||Tarjeta Maestro|bin
607|verve-card|Verve Card|NG|Tarjeta Verve|bin
608|rupay-card|RuPay Card|IN|Tarjeta RuPay|bin
609|mir-card|Mir Card|RU|Tarjeta Mir|bin
610|elo-card|Elo Card|BR|Tarjeta Elo|bin
611|netspend-prepaid-card|NetSpend Prepaid Card|US|Tarjeta prepago NetSpend|bin
612|green-dot-prepaid-card|Green Dot Prepaid Card|US|Tarjeta prepago Green Dot|bin
613|other-debit-credit-card|Other Debit/Credit Card||Otra tarjeta de débito/crédito|bin,generic
614|card-to-card-transfer|Card-to-Card Transfer|RU,UA,KZ,BY,UZ|Transferencia de tarjeta a tarjeta|generic
615|humo-card|Humo Card|UZ|Tarjeta Humo|bin
616|uzcard|Uzcard|UZ|Tarjeta Uzcard|bin
617|troy-card|Troy Card|TR|Tarjeta Troy|bin
`,
  'goods-and-services': `
650|amazon-wishlist|Amazon Wishlist||Lista de deseos de Amazon|
651|airline-tickets|Airline Tickets||Billetes de avión|generic
652|hotel-booking|Hotel Booking||Reserva de hotel|generic
653|mobile-airtime-top-up|Mobile Airtime Top-up||Recarga de saldo móvil|generic
654|electronics|Electronics||Electrónica|generic
655|groceries|Groceries||Alimentos|generic
656|food-delivery|Food Delivery||Comida a domicilio|generic
657|utility-bill-payment|Utility Bill Payment||Pago de servicios públicos|generic
658|school-fees|School Fees||Matrícula escolar|generic
659|rent-payment|Rent Payment||Pago de alquiler|generic
660|car-purchase|Car Purchase||Compra de automóvil|generic
661|real-estate|Real Estate||Bienes raíces|generic
662|clothing-and-shoes|Clothing and Shoes||Ropa y calzado|generic
663|digital-subscriptions|Digital Subscriptions||Suscripciones digitales|generic
664|other-goods|Other Goods||Otros bienes|generic
`,
  'digital-currencies': `
700|litecoin|Litecoin|||
701|dogecoin|Dogecoin|||
702|bitcoin-cash|Bitcoin Cash|||
703|dash|Dash|||
704|xrp|XRP|||
705|solana|Solana|||
706|tron|TRON (TRX)|||
707|bnb|BNB|||
708|toncoin|Toncoin|||
709|cardano|Cardano|||
710|polygon|Polygon (POL)|||
711|dai|DAI|||
712|zcash|Zcash|||
713|monero|Monero|||
714|stellar|Stellar|||
715|avalanche|Avalanche|||
716|polkadot|Polkadot|||
717|bitcoin-lightning|Bitcoin Lightning|||
718|binance-pay|Binance Pay|||
719|usdc-payment|USD Coin (USDC)|||
720|ethereum-payment|Ethereum (ETH)|||
721|tether-payment|Tether (USDT)|||
722|other-cryptocurrency|Other Cryptocurrency||Otra criptomoneda|generic
723|pyusd|PayPal USD (PYUSD)|||
724|shiba-inu|Shiba Inu|||
`,
  'mobile-money': `
800|m-pesa|M-Pesa|KE,TZ,CD,MZ,LS,GH,EG,ET||
801|mtn-mobile-money|MTN Mobile Money|GH,UG,CM,RW,ZM,CI,BJ,CG,GN,LR,SZ,ZA,NG||
802|airtel-money|Airtel Money|KE,UG,TZ,RW,ZM,MW,NG,CD,CG,GA,TD,NE,MG,SC||
803|orange-money|Orange Money|SN,CI,CM,ML,BF,GN,MG,CD,SL,LR,BW,CF,MA,TN,EG,JO||
804|telecel-cash|Telecel Cash (Vodafone Cash)|GH||
805|at-money|AT Money (AirtelTigo Money)|GH||
806|wave|Wave|SN,CI,ML,BF,UG,GM||
807|moov-money|Moov Money|CI,BJ,TG,BF,NE,ML,GA,TD||
808|free-money|Free Money|SN||
809|mixx-by-yas|Mixx by Yas (Tigo Pesa)|TZ,SN||
810|halopesa|HaloPesa|TZ||
811|ecocash|EcoCash|ZW||
812|onemoney|OneMoney|ZW||
813|zamtel-kwacha|Zamtel Kwacha|ZM||
814|bkash|bKash|BD||
815|nagad|Nagad|BD||
816|rocket|Rocket|BD||
817|jazzcash|JazzCash|PK||
818|easypaisa|Easypaisa|PK||
819|gcash|GCash|PH||
820|maya|Maya (PayMaya)|PH||
821|opay|OPay|NG,EG||
822|palmpay|PalmPay|NG,GH||
823|paga|Paga|NG||
824|telebirr|telebirr|ET||
825|vodacom-m-pesa|Vodacom M-Pesa|TZ,CD,MZ,LS||
826|vodafone-cash-egypt|Vodafone Cash (Egypt)|EG||
827|lonestar-mtn-momo|Lonestar Cell MTN MoMo|LR||
828|afrimoney|Afrimoney|SL,GM||
829|tnm-mpamba|TNM Mpamba|MW||
830|mpesa-safaricom-paybill|M-Pesa Paybill|KE||
831|wizall-money|Wizall Money|SN,CI,ML,BF||
832|flooz|Flooz (Moov Africa)|TG,BJ||
833|t-money-togo|T-Money|TG||
834|emola|e-Mola|MZ||
835|mvola|MVola|MG||
836|moncash|MonCash|HT||
837|tigo-money|Tigo Money|BO,PY,GT,SV,HN||
838|other-mobile-money|Other Mobile Money||Otro dinero móvil|generic
`,
  services: `
900|freelance-services|Freelance Services||Servicios freelance|generic
901|software-development|Software Development||Desarrollo de software|generic
902|graphic-design|Graphic Design||Diseño gráfico|generic
903|online-tutoring|Online Tutoring||Clases en línea|generic
904|consulting|Consulting||Consultoría|generic
905|digital-marketing|Digital Marketing||Marketing digital|generic
906|translation-services|Translation Services||Servicios de traducción|generic
907|web-hosting-and-domains|Web Hosting and Domains||Alojamiento web y dominios|generic
`,
  assets: `
950|gold-xau|Gold (XAU)||Oro (XAU)|generic
951|silver-xag|Silver (XAG)||Plata (XAG)|generic
952|platinum-xpt|Platinum (XPT)||Platino (XPT)|generic
953|palladium-xpd|Palladium (XPD)||Paladio (XPD)|generic
`,
};

/** Icon of a method without a brand: one per group. */
const GROUP_ICONS: Record<string, string> = {
  'bank-transfers': 'bank',
  'online-transfers': 'wallet',
  'gift-cards': 'gift-card',
  'cash-deposits': 'cash',
  'debitcredit-cards': 'card',
  'goods-and-services': 'goods',
  'digital-currencies': 'crypto',
  'mobile-money': 'mobile',
  services: 'services',
  assets: 'gold',
};

function parseBlock(groupSlug: string, text: string): PaymentMethodRow[] {
  const groupId = GROUP_ID[groupSlug];
  if (groupId === undefined) throw new Error(`payment-methods: unknown group ${groupSlug}`);
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [id = '', slug = '', name = '', countries = '', es = '', flags = ''] = line.split('|');
      const flagList = flags.split(',').filter(Boolean);
      return {
        id: Number(id),
        slug,
        en: name,
        es: es || name,
        groupId,
        groupSlug,
        countries: countries.split(',').filter(Boolean),
        isBinCodeEnabled: flagList.includes('bin'),
        iconName: flagList.includes('generic') ? (GROUP_ICONS[groupSlug] ?? 'payment') : slug,
      };
    });
}

/** Every payment method, in id order. */
export const PAYMENT_METHODS: readonly PaymentMethodRow[] = Object.entries(BLOCKS)
  .flatMap(([group, text]) => parseBlock(group, text))
  .sort((a, b) => a.id - b.id);
