import { z } from 'zod';
import { accountStateSchema, registerBodySchema, userRoleSchema } from '@app/contract';
import {
  adminHelpText as helpTextOf,
  runCommand,
  withAdminEvents,
  type AdminCommand,
  type AdminContext,
  type AdminResult,
  type NodeCommand,
} from '../platform/admin/index.js';
import type { Config } from '../platform/config.js';
import { createUsersService } from '../modules/users/index.js';
import { catalogueAdminCommands } from '../modules/catalogue/admin.js';
import { ratesAdminCommands } from '../modules/rates/admin.js';
import { ledgerAdminCommands } from '../modules/ledger/admin.js';
import { walletAdminCommands, walletNodeCommands } from '../modules/wallet/admin.js';
import { offersAdminCommands } from '../modules/offers/admin.js';
import { tradesAdminCommands } from '../modules/trades/admin.js';
import type { EventBus } from '../platform/events/bus.js';
import { tradesOutsideTheServer } from '../trades-outside-the-server.js';
import { tradeRecordsAdminCommands } from '../modules/trade-records/admin.js';
import { reservesAdminCommands } from '../modules/reserves/admin.js';

export type { AdminCommand, AdminContext, AdminResult } from '../platform/admin/index.js';

/** The trades service for an admin command: the same rules and state machine as the HTTP API. */
function tradesFor({ db, config }: AdminContext, events: EventBus) {
  return tradesOutsideTheServer({ db, config, events }).trades;
}

/**
 * Every `npm run admin -- <command>`; the same code runs in the CLI process (database opened directly)
 * or inside a running server (through the admin socket). Later issues add their commands here.
 */
const COMMANDS: Record<string, AdminCommand> = {
  'user:create': {
    usage: `user:create --username U --email E --password P [--role ${userRoleSchema.options.join('|')}]`,
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
  tradesAdminCommands(tradesFor),
  tradeRecordsAdminCommands,
  reservesAdminCommands,
);

/** Commands that need a chain node and no database: the CLI runs them itself, before any data directory. */
const NODE_COMMANDS: Record<string, NodeCommand> = { ...walletNodeCommands };

export const adminHelpText = (): string => helpTextOf({ ...COMMANDS, ...NODE_COMMANDS });

/** True for a command `runNodeCommand` runs (no database, no admin socket). */
export const isNodeCommand = (name: string | undefined): boolean =>
  name !== undefined && Object.hasOwn(NODE_COMMANDS, name);

/** Runs one chain-node command by name with the CLI's own settings (the CLI and the tests call this). */
export const runNodeCommand = (ctx: { config: Config }, argv: string[]): Promise<AdminResult> =>
  runCommand(NODE_COMMANDS, ctx, argv);

/** Runs one operator command by name (the CLI, the admin socket and the tests call this). */
export const runAdminCommand = (ctx: AdminContext, argv: string[]): Promise<AdminResult> =>
  runCommand(COMMANDS, ctx, argv);
