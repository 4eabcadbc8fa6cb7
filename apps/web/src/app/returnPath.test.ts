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

describe('safeReturnPath: the page the member was on', () => {
  it('keeps the query and the hash', () => {
    expect(safeReturnPath('/user/withdrawal?tab=history&page=2', 'user')).toBe(
      '/user/withdrawal?tab=history&page=2',
    );
    expect(safeReturnPath('/user/income#team', 'user')).toBe('/user/income#team');
  });

  it('refuses paths a browser reads as another site', () => {
    expect(safeReturnPath('/\\evil.example/x', 'user')).toBeNull();
    expect(safeReturnPath('/\t/evil.example', 'user')).toBeNull();
    expect(safeReturnPath('/\\/evil.example', 'admin')).toBeNull();
  });

  it('reads the path as the browser does before deciding the area', () => {
    expect(safeReturnPath('/user/../admin/users', 'user')).toBeNull();
    expect(safeReturnPath('/admin/../user/income', 'user')).toBe('/user/income');
  });

  it('never returns to the sign-in steps', () => {
    expect(safeReturnPath('/login', 'user')).toBeNull();
    expect(safeReturnPath('/admin-login?x=1', 'admin')).toBeNull();
    expect(safeReturnPath('/two-factor', 'user')).toBeNull();
  });
});
