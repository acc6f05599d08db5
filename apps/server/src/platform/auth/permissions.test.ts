import { describe, expect, it } from 'vitest';
import { adminUserActions, staffPermissions, userRoles, type StaffPermission } from '@app/contract';
import { assertOutranks, can, permissionForAction, permissionsOf } from './permissions.js';

/** The written table (decision 0019), cell by cell: M moderator, S supermod, A admin. */
const TABLE: Record<StaffPermission, string> = {
  'console.view': 'MSA',
  'users.view': 'MSA',
  'disputes.take': 'MSA',
  'disputes.assign': 'SA',
  'disputes.award': 'MSA',
  'appeals.decide': 'SA',
  'reports.handle': 'MSA',
  'chargebacks.handle': 'SA',
  'verifications.review': 'SA',
  'withdrawals.approve': 'SA',
  'account.restrict': 'MSA',
  'account.on_hold': 'MSA',
  'account.suspend': 'MSA',
  'account.compromised': 'MSA',
  'account.freeze': 'SA',
  'account.compliance_hold': 'SA',
  'account.ban': 'SA',
  'account.notice': 'SA',
  'roles.change': 'A',
  'audit.read': 'SA',
  'outbox.read': 'A',
  'custody.view': 'SA',
  'payouts.view': 'SA',
};
const LETTER = { user: '', moderator: 'M', supermod: 'S', admin: 'A' } as const;

describe('the staff permission table', () => {
  it.each(staffPermissions.map((p) => [p]))(
    'should grant %s exactly to the roles the table names',
    (permission) => {
      for (const role of userRoles) {
        const expected = role !== 'user' && TABLE[permission].includes(LETTER[role]);
        expect(can(role, permission), `${role} ${permission}`).toBe(expected);
      }
    },
  );

  it('should give plain users nothing and admins everything', () => {
    for (const permission of staffPermissions) expect(can('user', permission)).toBe(false);
    expect(permissionsOf('admin')).toEqual([...staffPermissions]);
  });

  it('should make every higher role a superset of the lower one', () => {
    const moderator = new Set(permissionsOf('moderator'));
    const supermod = new Set(permissionsOf('supermod'));
    for (const p of moderator) expect(supermod.has(p)).toBe(true);
    for (const p of supermod) expect(can('admin', p)).toBe(true);
  });

  it('should map every account action onto a permission; restore onto the state it lifts', () => {
    for (const action of adminUserActions) {
      if (action === 'restore') continue;
      expect(permissionForAction(action, 'active')).not.toBeNull();
    }
    expect(permissionForAction('restore', 'banned')).toBe('account.ban');
    expect(permissionForAction('restore', 'restricted')).toBe('account.restrict');
    expect(permissionForAction('restore', 'compliance_hold')).toBe('account.compliance_hold');
    expect(permissionForAction('restore', 'active')).toBeNull();
  });

  it('should let staff act only on lower ranks', () => {
    expect(() => assertOutranks('moderator', 'user')).not.toThrow();
    expect(() => assertOutranks('admin', 'supermod')).not.toThrow();
    for (const [actor, target] of [
      ['moderator', 'moderator'],
      ['moderator', 'supermod'],
      ['supermod', 'admin'],
      ['admin', 'admin'],
    ] as const) {
      expect(() => assertOutranks(actor, target)).toThrow(
        expect.objectContaining({ status: 403, code: 'FORBIDDEN_RANK' }),
      );
    }
  });
});
