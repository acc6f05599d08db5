import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  describe('demo data and production', () => {
    it('should seed demo data by default outside production', () => {
      const config = loadConfig({});
      expect(config.production).toBe(false);
      expect(config.demoData).toBe(true);
    });

    it.each([
      { NODE_ENV: 'production' },
      { APP_ENV: 'production' },
      { NODE_ENV: 'production', APP_ENV: 'production' },
    ])('should leave demo data off by default in production (%o)', (env) => {
      const config = loadConfig(env);
      expect(config.production).toBe(true);
      expect(config.demoData).toBe(false);
    });

    it.each([{ NODE_ENV: 'production' }, { APP_ENV: 'production' }])(
      'should refuse DEMO_DATA=true in production (%o), naming the variable',
      (env) => {
        expect(() => loadConfig({ ...env, DEMO_DATA: 'true' })).toThrow(ConfigError);
        expect(() => loadConfig({ ...env, DEMO_DATA: 'yes' })).toThrow(
          /DEMO_DATA: must be false in production/,
        );
      },
    );

    it('should accept DEMO_DATA=false in production and DEMO_DATA=false elsewhere', () => {
      expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'false' }).demoData).toBe(false);
      expect(loadConfig({ APP_ENV: 'staging', DEMO_DATA: '0' }).demoData).toBe(false);
    });

    it('should treat an empty DEMO_DATA as unset', () => {
      expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '' }).demoData).toBe(false);
      expect(loadConfig({ DEMO_DATA: '' }).demoData).toBe(true);
    });
  });

  describe('the wait before a dispute', () => {
    it('should be 30 minutes by default, and TRADE_DISPUTE_AFTER_PAID_SECONDS should replace the minutes', () => {
      expect(loadConfig({}).trades).toMatchObject({
        disputeAfterPaidSeconds: 1_800,
        disputeAfterPaidMinutes: 30,
      });
      expect(loadConfig({ TRADE_DISPUTE_AFTER_PAID_MINUTES: '0' }).trades.disputeAfterPaidSeconds).toBe(0);
      // Seconds win over minutes; the content pages say the wait in whole minutes, rounded up.
      expect(
        loadConfig({ TRADE_DISPUTE_AFTER_PAID_MINUTES: '45', TRADE_DISPUTE_AFTER_PAID_SECONDS: '8' }).trades,
      ).toMatchObject({ disputeAfterPaidSeconds: 8, disputeAfterPaidMinutes: 1 });
      expect(loadConfig({ TRADE_DISPUTE_AFTER_PAID_SECONDS: '' }).trades.disputeAfterPaidSeconds).toBe(1_800);
      expect(() => loadConfig({ TRADE_DISPUTE_AFTER_PAID_SECONDS: '-1' })).toThrow(
        /TRADE_DISPUTE_AFTER_PAID_SECONDS/,
      );
    });
  });

  describe('request logs', () => {
    it('should keep them off by default outside production', () => {
      expect(loadConfig({}).requestLogs).toBe(false);
      expect(
        loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'info', REQUEST_LOGS: 'auto' }).requestLogs,
      ).toBe(false);
      expect(loadConfig({ REQUEST_LOGS: '' }).requestLogs).toBe(false);
    });

    it.each([{ NODE_ENV: 'production' }, { APP_ENV: 'production' }])(
      'should keep them on by default in production (%o), for the log shippers',
      (env) => {
        expect(loadConfig(env).requestLogs).toBe(true);
        expect(loadConfig({ ...env, LOG_LEVEL: 'warn' }).requestLogs).toBe(true);
      },
    );

    it.each(['debug', 'trace'])('should turn them on by default at LOG_LEVEL=%s', (level) => {
      expect(loadConfig({ LOG_LEVEL: level }).requestLogs).toBe(true);
    });

    it('should follow REQUEST_LOGS=true or false whatever the environment and level', () => {
      expect(loadConfig({ REQUEST_LOGS: 'true' }).requestLogs).toBe(true);
      expect(loadConfig({ NODE_ENV: 'production', REQUEST_LOGS: 'false' }).requestLogs).toBe(false);
      expect(loadConfig({ LOG_LEVEL: 'debug', REQUEST_LOGS: 'false' }).requestLogs).toBe(false);
    });

    it('should refuse another value, naming the variable', () => {
      expect(() => loadConfig({ REQUEST_LOGS: 'yes' })).toThrow(/REQUEST_LOGS/);
    });
  });

  describe('the simulated chain in production', () => {
    it('should leave it unallowed unless SIMULATED_CHAIN_IN_PRODUCTION says so', () => {
      expect(loadConfig({}).chain.simulatedInProduction).toBe(false);
      expect(loadConfig({}).chain.networks.BTC).toBe('simulated');
      expect(loadConfig({ NODE_ENV: 'production' }).chain.simulatedInProduction).toBe(false);
      expect(loadConfig({ SIMULATED_CHAIN_IN_PRODUCTION: '' }).chain.simulatedInProduction).toBe(false);
      for (const value of ['true', '1', 'yes']) {
        expect(
          loadConfig({ APP_ENV: 'production', SIMULATED_CHAIN_IN_PRODUCTION: value }).chain
            .simulatedInProduction,
        ).toBe(true);
      }
    });

    it('should refuse another value, naming the variable', () => {
      expect(() => loadConfig({ SIMULATED_CHAIN_IN_PRODUCTION: 'staging' })).toThrow(ConfigError);
      expect(() => loadConfig({ SIMULATED_CHAIN_IN_PRODUCTION: 'on' })).toThrow(
        /SIMULATED_CHAIN_IN_PRODUCTION/,
      );
    });
  });
});
