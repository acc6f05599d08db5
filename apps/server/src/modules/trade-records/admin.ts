import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { verifyTradeRecord } from '@app/contract';
import type { AdminCommand } from '../../platform/admin/index.js';
import { createLocalFileStore } from '../../platform/files/storage.js';
import { checkTradeRecords } from './check.js';

export class TradeRecordCheckFailed extends Error {}

const fileInput = z.object({
  file: z.string().trim().min(1, 'Give the record file: trade:verify-record FILE'),
});

/** A relative path means where the operator typed the command (npm runs scripts in the workspace). */
const resolveFromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/**
 * Operator commands for trade records (decision "tamper-evident trade record").
 * - `trade:verify-record FILE`: checks a downloaded record offline (the contract's verifyTradeRecord:
 *   no database involved); accepts the bare record or the API's `{ "data": record }` answer.
 * - `trades:check`: every chain recomputed and compared with the database (trades older than the
 *   record are chained first); any difference fails.
 */
export const tradeRecordsAdminCommands: Record<string, AdminCommand> = {
  'trade:verify-record': {
    usage: 'trade:verify-record FILE   (verifies a downloaded trade record offline; fails on any break)',
    options: { file: { type: 'string' } },
    positional: 'file',
    async run(_ctx, values) {
      const { file } = fileInput.parse(values);
      const target = resolveFromCaller(file);
      let document: unknown;
      try {
        document = JSON.parse(await fs.readFile(target, 'utf8')) as unknown;
      } catch (error) {
        throw new TradeRecordCheckFailed(`cannot read ${target} as JSON: ${(error as Error).message}`);
      }
      const record =
        document && typeof document === 'object' && 'data' in document && !('entries' in document)
          ? (document as { data: unknown }).data
          : document;
      const result = await verifyTradeRecord(record);
      if (!result.ok) {
        throw new TradeRecordCheckFailed(
          `${target}: NOT VALID at entry ${result.seq ?? '-'}: ${result.reason}`,
        );
      }
      const trade = (record as { trade: string }).trade;
      return `${target}: valid record of trade ${trade}, ${result.entries} entries, head hash ${result.headHash}`;
    },
  },
  'trades:check': {
    usage:
      'trades:check   (recomputes every trade record and compares it with the database; fails on any mismatch)',
    options: {},
    async run({ db, config }) {
      const report = await checkTradeRecords(db, createLocalFileStore(path.join(config.dataDir, 'uploads')));
      const summary = `${report.trades} trades checked, ${report.backfilled} chained for the first time`;
      if (report.problems.length > 0) {
        throw new TradeRecordCheckFailed(
          [
            `${summary}; ${report.problems.length} problem(s):`,
            ...report.problems.map(
              (p) => `  trade ${p.trade}${p.seq === null ? '' : ` entry ${p.seq}`}: ${p.problem}`,
            ),
          ].join('\n'),
        );
      }
      return `${summary}; every record matches the database`;
    },
  },
};
