import { describe, expect, it } from 'vitest';
import { grantableScopes, keyAreas, StaffApiKeyBody, scopeParts, scopesAllow, staffScopes } from './api-keys';
import { roleGrants, staffMay } from './staff-grants';

describe('API key scopes (decision 0071)', () => {
  it('are the staff areas but `staff`, each read and write', () => {
    expect(keyAreas).not.toContain('staff');
    expect(staffScopes).toHaveLength(keyAreas.length * 2);
    expect(staffScopes).toContain('money:write');
    expect(scopeParts('staff:read')).toBeNull();
    expect(scopeParts('money:delete')).toBeNull();
    expect(scopeParts('audit:read')).toEqual({ area: 'audit', grant: 'read' });
  });

  it('write covers reading, read never writing', () => {
    expect(scopesAllow(['money:write'], 'money', 'read')).toBe(true);
    expect(scopesAllow(['money:read'], 'money', 'write')).toBe(false);
    expect(scopesAllow(['money:read'], 'members', 'read')).toBe(false);
  });

  it('a role may give exactly what it grants', () => {
    for (const role of Object.keys(roleGrants) as (keyof typeof roleGrants)[]) {
      for (const scope of staffScopes) {
        const parts = scopeParts(scope);
        if (!parts) throw new Error(scope);
        expect(grantableScopes([role]).includes(scope), `${role} ${scope}`).toBe(
          staffMay([role], parts.area, parts.grant),
        );
      }
    }
    expect(grantableScopes(['content'])).toEqual([
      'dashboard:read',
      'dashboard:write',
      'notify:read',
      'notify:write',
      'content:read',
      'content:write',
    ]);
  });

  it('a new key names its scopes once and refuses a scope outside the list', () => {
    const body = { name: 'x', code: '123456' };
    expect(StaffApiKeyBody.parse({ ...body, scopes: ['money:read', 'money:read'] }).scopes).toEqual([
      'money:read',
    ]);
    expect(StaffApiKeyBody.safeParse({ ...body, scopes: ['staff:write'] }).success).toBe(false);
    expect(StaffApiKeyBody.safeParse({ ...body, scopes: [] }).success).toBe(false);
    expect(
      StaffApiKeyBody.safeParse({ ...body, scopes: ['money:read'], networks: ['not a net'] }).success,
    ).toBe(false);
  });
});
