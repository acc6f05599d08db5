import type { AdminCommand } from '../../platform/admin/index.js';

// The command line loads every command at start; the rates code (and the data files it reads) is
// imported only when a rates command actually runs, so other commands start as fast as before.
const load = async () => ({
  ...(await import('./provider-factory.js')),
  ...(await import('./repository.js')),
  ...(await import('./service.js')),
});

/** Operator commands for the market: move it now, and show where it stands. */
export const ratesAdminCommands: Record<string, AdminCommand> = {
  'rates:tick': {
    usage: 'rates:tick   (applies one market tick now, whatever the schedule)',
    options: {},
    async run({ db, config }) {
      const { createRatesService, createRatesProvider } = await load();
      const service = createRatesService({
        db,
        provider: createRatesProvider(config),
        tickSeconds: config.rates.tickSeconds,
      });
      await service.tick({ force: true });
      const view = await service.view();
      return `tick applied (version ${view.version}); BTC/USD ${view.cryptoUsd.get('BTC') ?? '-'}`;
    },
  },
  'rates:status': {
    usage: 'rates:status',
    options: {},
    async run({ db, config }) {
      const { ratesRepository } = await load();
      const state = await ratesRepository.state(db);
      const rows = await ratesRepository.loadCurrent(db);
      const coins = rows
        .filter((r) => r.quote === 'USD' && r.base !== 'USD')
        .map((r) => `  ${r.base.padEnd(5)} ${r.rate} USD (anchor ${r.anchor})`);
      return [
        `provider ${config.rates.provider} (last tick by ${state?.provider ?? '-'}), every ${config.rates.tickSeconds} s`,
        `version ${state?.version ?? 0}, last tick ${state?.lastTickAt.toISOString() ?? 'never'}`,
        `${rows.length} pairs stored`,
        ...coins,
      ].join('\n');
    },
  },
};
