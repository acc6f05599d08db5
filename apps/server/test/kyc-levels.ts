import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kycLevelIds, type BlockedKycAction, type KycLevelId, type KycLimits } from '@app/contract';
import { DEFAULT_KYC_LEVELS } from '../src/modules/kyc/index.js';

/**
 * A KYC levels table for a test (`KYC_LEVELS_FILE`): the default one with `limits` laid over every level
 * (or over the levels below `below` only) and `blockedActions` over the levels below `blockedBelow`
 * (every level without it). Returns the environment to pass to `createTestApp`.
 */
export function kycLevelsEnv(
  limits: Partial<KycLimits>,
  options: { below?: KycLevelId; blockedActions?: BlockedKycAction[]; blockedBelow?: KycLevelId } = {},
): Record<string, string> {
  const rank = (id: KycLevelId | undefined) => (id ? kycLevelIds.indexOf(id) : kycLevelIds.length);
  const table = DEFAULT_KYC_LEVELS.map((level) => ({
    ...level,
    limits:
      kycLevelIds.indexOf(level.id) < rank(options.below) ? { ...level.limits, ...limits } : level.limits,
    blockedActions:
      options.blockedActions && kycLevelIds.indexOf(level.id) < rank(options.blockedBelow)
        ? options.blockedActions
        : level.blockedActions,
  }));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-kyc-')), 'levels.json');
  fs.writeFileSync(file, JSON.stringify(table));
  return { KYC_LEVELS_FILE: file };
}
