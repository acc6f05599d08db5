import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { EventBus } from '../events/bus.js';

export type AdminContext = {
  db: Db;
  config: Config;
  /**
   * The running server's event bus when the command runs inside it (admin socket). Absent in the CLI
   * process: commands that publish use `withAdminEvents` (./events.ts), which makes one from the config.
   */
  events?: EventBus;
};
export type AdminResult = { exitCode: number; output: string };

/**
 * One operator command; modules export a `Record<string, AdminCommand>` from their `admin.ts` and
 * `cli/commands.ts` lists them all (modules never import the CLI).
 */
export type AdminCommand = Command<AdminContext>;

/**
 * A command that talks to a chain node and never to the database (`evm:deploy-factory`): the CLI runs it
 * in its own process with its own settings, without opening the data directory and never through a
 * running server's admin socket, so the operator can run it before the server is configured for the chain.
 */
export type NodeCommand = Command<{ config: Config }>;

/** The shape both kinds share: how it is called, and what it does with its context. */
export type Command<Ctx> = {
  usage: string;
  options: Record<string, { type: 'string' | 'boolean' }>;
  /** The option one bare argument fills (`trade:verify-record FILE`); without it, bare arguments are refused. */
  positional?: string;
  run(ctx: Ctx, values: Record<string, string | boolean | undefined>): Promise<string>;
};

/** A command's refusal whose message is the whole report (a failed check prints what it found). */
export class AdminCommandFailed extends Error {}
