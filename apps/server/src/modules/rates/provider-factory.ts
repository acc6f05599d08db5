import type { Config } from '../../platform/config.js';
import { CRYPTO_CURRENCIES } from '../catalogue/data/crypto-currencies.js';
import { HttpTickerProvider } from './http-provider.js';
import type { RatesProvider } from './provider.js';
import { SimulatedMarketProvider } from './simulated-provider.js';

/** The provider the configuration names (RATES_PROVIDER, RATES_HTTP_URL). */
export function createRatesProvider(config: Pick<Config, 'rates'>): RatesProvider {
  if (config.rates.provider === 'http') {
    if (!config.rates.httpUrl) throw new Error('RATES_PROVIDER=http needs RATES_HTTP_URL');
    return new HttpTickerProvider({
      url: config.rates.httpUrl,
      cryptoCodes: CRYPTO_CURRENCIES.map((c) => c.code),
    });
  }
  return new SimulatedMarketProvider();
}
