import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './returnPath';

describe('safeReturnPath', () => {
  it('returns members to member paths and admins to admin paths only', () => {
    expect(safeReturnPath('/user/income', 'user')).toBe('/user/income');
    expect(safeReturnPath('/watch/adds', 'user')).toBe('/watch/adds');
    expect(safeReturnPath('/admin/users', 'user')).toBeNull();
    expect(safeReturnPath('/admin/users?page=2', 'admin')).toBe('/admin/users?page=2');
    expect(safeReturnPath('/user/income', 'admin')).toBeNull();
  });

  it('refuses anything that could leave the site', () => {
    expect(safeReturnPath('//evil.example/x', 'user')).toBeNull();
    expect(safeReturnPath('https://evil.example', 'user')).toBeNull();
    expect(safeReturnPath(undefined, 'user')).toBeNull();
    expect(safeReturnPath(42, 'admin')).toBeNull();
  });
});
