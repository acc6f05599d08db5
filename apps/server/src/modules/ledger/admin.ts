import { AdminCommandFailed, type AdminCommand } from '../../platform/admin/index.js';
import { checkLedger, formatLedgerCheck } from './check.js';

/** A failed reconciliation: its report is the whole message (exit code 1). */
export class LedgerCheckFailed extends AdminCommandFailed {}

export const ledgerAdminCommands: Record<string, AdminCommand> = {
  'ledger:check': {
    usage: 'ledger:check   (reconciles the ledger; exits 1 on any discrepancy)',
    options: {},
    async run({ db }) {
      const report = await checkLedger(db);
      if (!report.ok) throw new LedgerCheckFailed(formatLedgerCheck(report));
      return formatLedgerCheck(report);
    },
  },
};
