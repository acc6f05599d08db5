import { parseArgs } from 'node:util';
import { z } from 'zod';
import { accountStateSchema, registerBodySchema, userRoleSchema } from '@app/contract';
import type { Config } from '../platform/config.js';
import type { Db } from '../platform/db/client.js';
import type { EventBus } from '../platform/events/bus.js';
import { AppError } from '../platform/http/errors.js';
import { withAdminEvents } from './events.js';
import { createUsersService } from '../modules/users/index.js';
import { catalogueAdminCommands } from '../modules/catalogue/admin.js';
import { ratesAdminCommands } from '../modules/rates/admin.js';
import { ledgerAdminCommands, LedgerCheckFailed } from '../modules/ledger/admin.js';
import { walletAdminCommands } from '../modules/wallet/admin.js';
import { offersAdminCommands } from '../modules/offers/admin.js';
import { tradesAdminCommands } from '../modules/trades/admin.js';
import { tradeRecordsAdminCommands } from '../modules/trade-records/admin.js';

export type AdminContext = {
  db: Db;
  config: Config;
  /**
   * The running server's event bus when the command runs inside it (admin socket). Absent in the CLI
   * process: commands that publish use `withAdminEvents` (cli/events.ts), which makes one from the config.
   */
  events?: EventBus;
};
export type AdminResult = { exitCode: number; output: string };

/** One operator command; modules export a `Record<string, AdminCommand>` from their `admin.ts`. */
export type AdminCommand = {
  usage: string;
  options: Record<string, { type: 'string' | 'boolean' }>;
  /** The option one bare argument fills (`trade:verify-record FILE`); without it, bare arguments are refused. */
  positional?: string;
  run(ctx: AdminContext, values: Record<string, string | boolean | undefined>): Promise<string>;
};

/**
 * Every `npm run admin -- <command>`; the same code runs in the CLI process (database opened directly)
 * or inside a running server (through the admin socket). Later issues add their commands here.
 */
const COMMANDS: Record<string, AdminCommand> = {
  'user:create': {
    usage: 'user:create --username U --email E --password P [--role user|moderator|admin]',
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
    },
    async run({ db }, values) {
      const input = registerBodySchema.extend({ role: userRoleSchema.default('user') }).parse({
        username: values.username,
        email: values.email,
        password: values.password,
        role: values.role,
      });
      const user = await createUsersService(db).create(input);
      return `created user ${user.username} (id ${user.id}, role ${user.role})`;
    },
  },
  'user:set-state': {
    usage: `user:set-state --username U --state ${accountStateSchema.options.join('|')}`,
    options: { username: { type: 'string' }, state: { type: 'string' } },
    async run(ctx, values) {
      const { username, state } = z
        .object({ username: z.string().min(1), state: accountStateSchema })
        .parse({ username: values.username, state: values.state });
      // A ban or suspension closes the user's sockets on every server instance (cli/events.ts).
      const user = await withAdminEvents(ctx, (events) =>
        createUsersService(ctx.db, { events }).setAccountState(username, state),
      );
      return `user ${user.username} is now ${user.accountState}`;
    },
  },
};

Object.assign(
  COMMANDS,
  catalogueAdminCommands,
  ratesAdminCommands,
  ledgerAdminCommands,
  walletAdminCommands,
  offersAdminCommands,
  tradesAdminCommands,
  tradeRecordsAdminCommands,
);

export const adminHelpText = (): string =>
  [
    'Usage: npm run admin -- <command> [options]',
    '',
    'Commands:',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
  ].join('\n');

function describeError(error: unknown): string {
  if (error instanceof z.ZodError) {
    return error.issues.map((issue) => `--${issue.path.join('.') || 'input'}: ${issue.message}`).join('\n');
  }
  if (error instanceof LedgerCheckFailed) return error.message;
  if (error instanceof AppError) {
    const details = error.details?.map((d) => `--${d.field}: ${d.message}`).join('\n');
    return details || error.message;
  }
  return (error as Error).message;
}

export async function runAdminCommand(ctx: AdminContext, argv: string[]): Promise<AdminResult> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help') {
    return { exitCode: name ? 0 : 2, output: adminHelpText() };
  }
  const command = COMMANDS[name];
  if (!command) return { exitCode: 2, output: `Unknown command "${name}".\n\n${adminHelpText()}` };
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: command.options,
      strict: true,
      allowPositionals: command.positional !== undefined,
    });
    if (positionals.length > 1) throw new Error(`one ${command.positional} only, got ${positionals.length}`);
    if (command.positional && positionals[0] !== undefined) values[command.positional] ??= positionals[0];
    return { exitCode: 0, output: await command.run(ctx, values) };
  } catch (error) {
    return { exitCode: 1, output: `${name} failed:\n${describeError(error)}\nUsage: ${command.usage}` };
  }
}
