import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AppError } from '../http/errors.js';
import { AdminCommandFailed, type AdminResult, type Command } from './command.js';

export const adminHelpText = (commands: Record<string, { usage: string }>): string =>
  [
    'Usage: npm run admin -- <command> [options]',
    '',
    'Commands:',
    ...Object.values(commands).map((c) => `  ${c.usage}`),
  ].join('\n');

function describeError(error: unknown): string {
  if (error instanceof z.ZodError) {
    return error.issues.map((issue) => `--${issue.path.join('.') || 'input'}: ${issue.message}`).join('\n');
  }
  if (error instanceof AdminCommandFailed) return error.message;
  if (error instanceof AppError) {
    const details = error.details?.map((d) => `--${d.field}: ${d.message}`).join('\n');
    return details || error.message;
  }
  return (error as Error).message;
}

/** Parses `argv` against the named command of `commands` and runs it; never throws. */
export async function runCommand<Ctx>(
  commands: Record<string, Command<Ctx>>,
  ctx: Ctx,
  argv: string[],
): Promise<AdminResult> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help') {
    return { exitCode: name ? 0 : 2, output: adminHelpText(commands) };
  }
  const command = commands[name];
  if (!command) return { exitCode: 2, output: `Unknown command "${name}".\n\n${adminHelpText(commands)}` };
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
