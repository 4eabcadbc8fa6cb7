import { describe, expect, it } from 'vitest';
import { adminNavigation, adminNavigationFor } from './navigation';

const paths = (roles: Parameters<typeof adminNavigationFor>[0]) =>
  adminNavigationFor(roles).flatMap((s) => s.items.map((i) => i.to));

/** The back-office menu follows the staff roles (decision 0042). */
describe('adminNavigationFor', () => {
  it('shows support the members, tickets and notices, never money', () => {
    const support = paths(['support']);
    expect(support).toEqual(
      expect.arrayContaining(['/admin/users', '/admin/tickets', '/admin/notifications', '/admin/dashboard']),
    );
    for (const money of ['/admin/withdrawals', '/admin/deposits', '/admin/approvals', '/admin/settings'])
      expect(support).not.toContain(money);
  });

  it('shows finance the money pages and approvals, not tickets or videos', () => {
    const finance = paths(['finance']);
    expect(finance).toEqual(
      expect.arrayContaining(['/admin/withdrawals', '/admin/approvals', '/admin/codes']),
    );
    expect(finance).not.toContain('/admin/tickets');
    expect(finance).not.toContain('/admin/video-manager');
  });

  it('shows content only its pages; compliance and the owner everything', () => {
    expect(paths(['content']).sort()).toEqual(
      [
        '/admin/dashboard',
        '/admin/notification/list',
        '/admin/notifications',
        '/admin/security',
        '/admin/video-manager',
      ].sort(),
    );
    const all = adminNavigation.flatMap((s) => s.items.map((i) => i.to));
    // Compliance reads everything but staff management.
    expect(paths(['compliance'])).toEqual(all.filter((p) => p !== '/admin/staff'));
    expect(paths(['owner'])).toEqual(all);
    // A session stored before roles existed: the owner's menu (the server decides anyway).
    expect(paths(undefined)).toEqual(all);
  });

  it('a role with several grants sees the union, and no section is left empty', () => {
    const both = paths(['support', 'content']);
    expect(both).toEqual(expect.arrayContaining(['/admin/tickets', '/admin/video-manager']));
    for (const s of adminNavigationFor(['content'])) expect(s.items.length).toBeGreaterThan(0);
  });
});
