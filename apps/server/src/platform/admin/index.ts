/**
 * Operator commands: their types, the runner and the event bus they publish on. Modules define their
 * commands against these types (`admin.ts`); `cli/commands.ts` gathers them, so the dependency runs one way.
 */
export {
  AdminCommandFailed,
  type AdminCommand,
  type AdminContext,
  type AdminResult,
  type NodeCommand,
} from './command.js';
export { adminHelpText, runCommand } from './run.js';
export { withAdminEvents } from './events.js';
