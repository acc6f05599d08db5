import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config.js';
import { runAdminCommand } from '../../../cli/commands.js';
import { createTestDatabase } from '../../../../test/db.js';
import { SimulatedChain } from './adapter.js';
import { ScriptedBitcoinAdapter } from '../../../../test/scripted-chain.js';
import {
  assertChainAllowed,
  chainFromConfig,
  ChainNotAvailableError,
  CompositeChain,
  SimulatedChainInProductionError,
} from './from-config.js';
import { REAL_CHAIN_ADAPTERS } from './networks.js';
import { BitcoinConfigError } from './bitcoin/from-config.js';
import { EvmConfigError } from './evm/from-config.js';

/** Decision 0047: the simulated chain runs in production only on the operator's explicit word. */
describe('the chain the configuration selects', () => {
  it('should be the simulated chain, serving every coin as its test network', () => {
    const chain = chainFromConfig(loadConfig({ WALLET_CONFIRMATIONS: 'BTC:3' }));
    expect(chain).toBeInstanceOf(SimulatedChain);
    expect(chain.simulatedCoins).toEqual(['BTC', 'LTC', 'ETH', 'USDT', 'USDC', 'XMR']);
    expect(chain.requiredConfirmations('BTC')).toBe(3);
    expect(chain.network('BTC')).toBe('Bitcoin regtest');
  });

  it.each([{ NODE_ENV: 'production' }, { APP_ENV: 'production' }])(
    'should refuse it in production (%o), naming the setting that allows it',
    (env) => {
      const config = loadConfig(env);
      expect(() => assertChainAllowed(config, chainFromConfig(config))).toThrow(
        SimulatedChainInProductionError,
      );
      expect(() => assertChainAllowed(config, chainFromConfig(config))).toThrow(
        /Refusing to run the simulated chain in production \(BTC, LTC, ETH, USDT, USDC, XMR\).*SIMULATED_CHAIN_IN_PRODUCTION=true/,
      );
    },
  );

  it('should allow it in production with SIMULATED_CHAIN_IN_PRODUCTION=true, and anywhere else', () => {
    const staging = loadConfig({ NODE_ENV: 'production', SIMULATED_CHAIN_IN_PRODUCTION: 'true' });
    expect(() => assertChainAllowed(staging, chainFromConfig(staging))).not.toThrow();
    for (const env of [{}, { NODE_ENV: 'test' }, { APP_ENV: 'staging' }, { APP_ENV: 'demo' }]) {
      const config = loadConfig(env);
      expect(() => assertChainAllowed(config, chainFromConfig(config))).not.toThrow();
    }
    // A chain with no simulated coin (a real adapter) needs no word at all.
    expect(() =>
      assertChainAllowed(loadConfig({ NODE_ENV: 'production' }), { simulatedCoins: [] }),
    ).not.toThrow();
  });

  it('should refuse the faucet commands in production the same way', async () => {
    const database = await createTestDatabase();
    try {
      const run = (env: Record<string, string>, argv: string[]) =>
        runAdminCommand({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent', ...env }) }, argv);
      const deposit = ['wallet:deposit', '--user', 'nobody', '--crypto', 'BTC', '--amount', '1'];
      const refused = await run({ NODE_ENV: 'production' }, deposit);
      expect(refused.exitCode).toBe(1);
      expect(refused.output).toContain('Refusing to run the simulated chain in production');
      const mine = await run({ APP_ENV: 'production' }, ['wallet:mine']);
      expect(mine.exitCode).toBe(1);
      expect(mine.output).toContain('SIMULATED_CHAIN_IN_PRODUCTION=true');
      // With the operator's word the command runs (and finds no such user).
      const allowed = await run({ NODE_ENV: 'production', SIMULATED_CHAIN_IN_PRODUCTION: 'true' }, deposit);
      expect(allowed.output).toContain('No user "nobody"');
      expect(
        (await run({ APP_ENV: 'production', SIMULATED_CHAIN_IN_PRODUCTION: 'true' }, ['wallet:mine']))
          .exitCode,
      ).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('should refuse a real chain this build has no adapter for, naming the setting', () => {
    for (const [name, value] of [
      ['CHAIN_BTC', 'rpc'],
      ['CHAIN_LTC', 'rpc'],
    ] as const) {
      expect(() => chainFromConfig(loadConfig({ [name]: value }))).toThrow(ChainNotAvailableError);
      expect(() => chainFromConfig(loadConfig({ [name]: value }))).toThrow(
        `${name}=${value} is not available in this build`,
      );
    }
    // The kinds this build has refuse on their own settings instead, naming what is missing.
    expect(() => chainFromConfig(loadConfig({ CHAIN_BTC: 'esplora' }))).toThrow(BitcoinConfigError);
    expect(() => chainFromConfig(loadConfig({ CHAIN_BTC: 'esplora' }))).toThrow(/BTC_ESPLORA_URL is missing/);
    expect(() => chainFromConfig(loadConfig({ CHAIN_EVM: 'rpc' }))).toThrow(EvmConfigError);
    expect(() => chainFromConfig(loadConfig({ CHAIN_EVM: 'rpc' }))).toThrow(/EVM_RPC_URL/);
    expect(() => loadConfig({ CHAIN_BTC: 'electrum' })).toThrow();
    expect(() => loadConfig({ CHAIN_XMR: 'rpc' })).toThrow();
  });

  it('should route each coin to its network, and hide Monero with CHAIN_XMR=off', () => {
    const noXmr = chainFromConfig(loadConfig({ CHAIN_XMR: 'off' }));
    expect(noXmr).toBeInstanceOf(CompositeChain);
    expect(noXmr.supports('XMR')).toBe(false);
    expect(noXmr.supports('BTC')).toBe(true);
    expect(noXmr.simulatedCoins).toEqual(['BTC', 'LTC', 'ETH', 'USDT', 'USDC']);

    const registered = REAL_CHAIN_ADAPTERS.BTC;
    REAL_CHAIN_ADAPTERS.BTC = {
      esplora: (config) => new ScriptedBitcoinAdapter(config.wallet.confirmations),
    };
    try {
      const config = loadConfig({ CHAIN_BTC: 'esplora', CHAIN_XMR: 'off', NODE_ENV: 'production' });
      const chain = chainFromConfig(config);
      expect(chain.newDepositAddress('BTC', 7)).toBe('bcrt1qscripted000007');
      expect(chain.simulatedCoins).toEqual(['LTC', 'ETH', 'USDT', 'USDC']);
      // Production still refuses while some network is simulated, naming them.
      expect(() => assertChainAllowed(config, chain)).toThrow(/\(LTC, ETH, USDT, USDC\)/);
    } finally {
      REAL_CHAIN_ADAPTERS.BTC = registered;
    }
  });
});
