import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { kycLevelsTableSchema, type KycRequirement } from '@app/contract';
import { approvalOutcomeOf, DEFAULT_KYC_LEVELS, levelOf, loadKycLevels } from './levels.js';

const met = (...requirements: KycRequirement[]) => new Set(requirements);

describe('the KYC levels table', () => {
  it('should ship a valid default table whose limits only rise with the level', () => {
    expect(kycLevelsTableSchema.safeParse(DEFAULT_KYC_LEVELS).success).toBe(true);
    const ids = DEFAULT_KYC_LEVELS.map((level) => level.id);
    expect(ids).toEqual(['L0', 'L1', 'L1+', 'L2', 'L2+POA', 'L3', 'L4']);
    // null is "no limit": the largest of all.
    const atLeast = (a: number | null, b: number | null) => a === null || (b !== null && a >= b);
    for (let i = 1; i < DEFAULT_KYC_LEVELS.length; i += 1) {
      const [below, level] = [DEFAULT_KYC_LEVELS[i - 1]!.limits, DEFAULT_KYC_LEVELS[i]!.limits];
      for (const key of [
        'perTradeUsd',
        'dailyTradeUsd',
        'lifetimeTradeUsd',
        'maxActiveTrades',
        'withdrawalUsd',
      ] as const) {
        expect(atLeast(level[key], below[key]), `${DEFAULT_KYC_LEVELS[i]!.id} ${key}`).toBe(true);
      }
    }
  });

  it('should give the highest level whose requirements are all met, climbing from the bottom', () => {
    expect(levelOf(DEFAULT_KYC_LEVELS, met()).id).toBe('L0');
    expect(levelOf(DEFAULT_KYC_LEVELS, met('email')).id).toBe('L1');
    expect(levelOf(DEFAULT_KYC_LEVELS, met('email', 'phone')).id).toBe('L1+');
    expect(levelOf(DEFAULT_KYC_LEVELS, met('email', 'phone', 'id_document', 'selfie')).id).toBe('L2');
    expect(levelOf(DEFAULT_KYC_LEVELS, met('email', 'phone', 'id_document', 'selfie', 'address')).id).toBe(
      'L2+POA',
    );
    // A document without the selfie is not an ID; a proof of address without a phone is not a level.
    expect(levelOf(DEFAULT_KYC_LEVELS, met('email', 'phone', 'id_document')).id).toBe('L1+');
    expect(levelOf(DEFAULT_KYC_LEVELS, met('email', 'id_document', 'selfie', 'address', 'video')).id).toBe(
      'L1',
    );
  });

  it('should say what an approval makes of the level, and what is still missing', () => {
    const id = ['id_document', 'selfie'] as const;
    // E-mail only: an approved ID is not L2 yet, the phone is missing for it (and for L1+).
    expect(approvalOutcomeOf(DEFAULT_KYC_LEVELS, met('email'), id)).toEqual({
      level: 'L1',
      target: { level: 'L2', missing: ['phone'] },
      next: { level: 'L1+', missing: ['phone'] },
    });
    expect(approvalOutcomeOf(DEFAULT_KYC_LEVELS, met('email', 'phone'), id)).toEqual({
      level: 'L2',
      target: { level: 'L2', missing: [] },
      next: { level: 'L2+POA', missing: ['address'] },
    });
    // A proof of address before the ID: kept, but L2+POA needs the ID first.
    expect(approvalOutcomeOf(DEFAULT_KYC_LEVELS, met('email', 'phone'), ['address'])).toEqual({
      level: 'L1+',
      target: { level: 'L2+POA', missing: ['id_document', 'selfie'] },
      next: { level: 'L2', missing: ['id_document', 'selfie'] },
    });
    // The top of the table has no next level; a table that never asks for a proof has no target.
    const all = met('email', 'phone', 'id_document', 'selfie', 'address', 'video');
    expect(approvalOutcomeOf(DEFAULT_KYC_LEVELS, all, ['company'])).toEqual({
      level: 'L4',
      target: { level: 'L4', missing: [] },
      next: null,
    });
    expect(approvalOutcomeOf(DEFAULT_KYC_LEVELS.slice(0, 3), met('email', 'phone'), ['video'])).toEqual({
      level: 'L1+',
      target: null,
      next: null,
    });
  });

  it('should refuse tables out of order, that lose a requirement going up, or that start with one', () => {
    const [l0, l1, l2] = [DEFAULT_KYC_LEVELS[0]!, DEFAULT_KYC_LEVELS[1]!, DEFAULT_KYC_LEVELS[3]!];
    expect(kycLevelsTableSchema.safeParse([l1, l0]).success).toBe(false);
    expect(kycLevelsTableSchema.safeParse([l0, { ...l2, requires: ['id_document'] }, l1]).success).toBe(
      false,
    );
    const losing = kycLevelsTableSchema.safeParse([
      l0,
      l2,
      { ...DEFAULT_KYC_LEVELS[4]!, requires: ['address'] },
    ]);
    expect(losing.success).toBe(false);
    expect(JSON.stringify(losing.error?.issues)).toContain('must also require');
    expect(kycLevelsTableSchema.safeParse([l1]).success).toBe(false);
    expect(kycLevelsTableSchema.safeParse([]).success).toBe(false);
    // A limit out of range, an unknown action, an unknown key.
    expect(
      kycLevelsTableSchema.safeParse([{ ...l0, limits: { ...l0.limits, perTradeUsd: -1 } }]).success,
    ).toBe(false);
    expect(kycLevelsTableSchema.safeParse([{ ...l0, blockedActions: ['fly'] }]).success).toBe(false);
    expect(kycLevelsTableSchema.safeParse([{ ...l0, extra: 1 }]).success).toBe(false);
  });

  it('should accept the stricter example table the docs offer operators', () => {
    const example = fileURLToPath(new URL('../../../../../docs/kyc-levels.example.json', import.meta.url));
    const levels = loadKycLevels(example);
    expect(levelOf(levels, met()).blockedActions).toContain('start-trade-buy');
    expect(levelOf(levels, met('email', 'phone')).limits.perTradeUsd).toBe(1000);
    expect(levelOf(levels, met('email', 'phone', 'id_document', 'selfie')).blockedActions).toEqual([]);
  });

  it('should read the operator’s file, and stop the start with the reason when it does not fit', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-levels-'));
    const good = path.join(dir, 'good.json');
    fs.writeFileSync(good, JSON.stringify([{ ...DEFAULT_KYC_LEVELS[0], blockedActions: ['create-offer'] }]));
    expect(loadKycLevels(good)[0]!.blockedActions).toEqual(['create-offer']);
    expect(loadKycLevels(null)).toBe(DEFAULT_KYC_LEVELS);
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '{ not json');
    expect(() => loadKycLevels(broken)).toThrow(/KYC_LEVELS_FILE .*broken\.json/);
    const wrong = path.join(dir, 'wrong.json');
    fs.writeFileSync(wrong, JSON.stringify([{ id: 'L9' }]));
    expect(() => loadKycLevels(wrong)).toThrow(/is not a levels table/);
    expect(() => loadKycLevels(path.join(dir, 'missing.json'))).toThrow(/KYC_LEVELS_FILE/);
  });
});
