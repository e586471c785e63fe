import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsOf, ROLE_NAMES, ROLES, rolesAllow } from './permissions';

describe('the back-office roles', () => {
  it('give an owner and an admin every permission', () => {
    expect(ROLES.owner).toEqual(PERMISSIONS);
    expect(ROLES.admin).toEqual(PERMISSIONS);
  });

  it("give read-only every read but the audit trail, the operators and the withdrawals' bank numbers", () => {
    expect([...ROLES.readOnly].sort()).toEqual(
      [
        'dashboard.read',
        'players.read',
        'brand.read',
        'content.read',
        'pointMall.read',
        'games.read',
        'reports.read',
        'messages.read',
        'deposits.read',
        'points.read',
        'vip.read',
      ].sort(),
    );
  });

  it('keep money, rounds and keys away from support, content and read-only', () => {
    for (const role of ['support', 'content', 'readOnly'] as const) {
      for (const permission of ['players.money', 'rounds.close', 'keys.rotate', 'operators.write'] as const) {
        expect(rolesAllow([role], permission), `${role} ${permission}`).toBe(false);
      }
    }
  });

  it('name only known permissions', () => {
    for (const role of ROLE_NAMES) for (const permission of ROLES[role]) expect(PERMISSIONS).toContain(permission);
  });

  it('add up the permissions of several roles, once each', () => {
    expect(permissionsOf(['support', 'content'])).toEqual([
      'players.read',
      'players.write',
      'brand.read',
      'content.read',
      'content.write',
      'pointMall.read',
      'pointMall.products',
      'messages.read',
      'messages.write',
    ]);
  });

  it("let any signed-in operator call 'signedIn' routes", () => {
    expect(rolesAllow([], 'signedIn')).toBe(true);
    expect(rolesAllow([], 'players.read')).toBe(false);
  });
});
