import { describe, expect, it } from 'vitest';
import { adminNavigation, adminNavigationFor, adminPageAllowed } from './navigation';

const paths = (roles: Parameters<typeof adminNavigationFor>[0]) =>
  adminNavigationFor(roles).flatMap((s) => s.items.map((i) => i.to));

/** The back-office menu follows the staff roles (decision 0042). */
describe('adminNavigationFor', () => {
  it('shows support the members, tickets and notices, never money', () => {
    const support = paths(['support']);
    expect(support).toEqual(
      expect.arrayContaining(['/admin/users', '/admin/tickets', '/admin/notifications', '/admin/dashboard']),
    );
    for (const money of ['/admin/withdrawals', '/admin/deposits', '/admin/approvals', '/admin/plans'])
      expect(support).not.toContain(money);
    // The settings page, for its support-messages tab only (SettingsPage shows the tabs a role may read).
    expect(support).toContain('/admin/settings');
  });

  it('shows finance the money pages and approvals, not tickets or videos', () => {
    const finance = paths(['finance']);
    expect(finance).toEqual(
      expect.arrayContaining(['/admin/withdrawals', '/admin/approvals', '/admin/codes']),
    );
    expect(finance).not.toContain('/admin/tickets');
    expect(finance).not.toContain('/admin/video-manager');
    expect(finance).not.toContain('/admin/settings');
    // The plans page, for the members' held plans (money); the plan definitions are the owner's settings.
    expect(finance).toContain('/admin/plans');
  });

  it('shows content only its pages; compliance and the owner everything', () => {
    expect(paths(['content']).sort()).toEqual(
      [
        '/admin/api-keys',
        '/admin/dashboard',
        '/admin/notification/list',
        '/admin/notifications',
        '/admin/security',
        '/admin/settings',
        '/admin/video-manager',
      ].sort(),
    );
    const all = adminNavigation.flatMap((s) => s.items.map((i) => i.to));
    // Compliance reads everything but staff management and the owners' webhooks (the staff area); a page that only
    // sends (a new notice) is not listed.
    expect(paths(['compliance'])).toEqual(
      all.filter((p) => p !== '/admin/staff' && p !== '/admin/webhooks' && p !== '/admin/notifications'),
    );
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

/** A page opened by its address follows the menu's rule (decision 0054): outside the role it is not drawn. */
describe('adminPageAllowed', () => {
  it('lets each role open exactly the pages its menu lists', () => {
    const all = adminNavigation.flatMap((s) => s.items.map((i) => i.to));
    for (const roles of [['support'], ['finance'], ['content'], ['compliance'], ['owner']] as const) {
      const listed = paths(roles);
      for (const page of all)
        expect(adminPageAllowed(page, roles), `${roles} ${page}`).toBe(listed.includes(page));
    }
  });

  it('gates the pages with a parameter by their areas, and lets unknown paths through to the not-found page', () => {
    expect(adminPageAllowed('/admin/withdrawals/', ['support'])).toBe(false);
    expect(adminPageAllowed('/admin/ticket/12', ['support'])).toBe(true);
    expect(adminPageAllowed('/admin/ticket/12', ['finance'])).toBe(false);
    expect(adminPageAllowed('/admin/check/profile/7', ['content'])).toBe(false);
    expect(adminPageAllowed('/admin/check/profile/7', ['support'])).toBe(true);
    expect(adminPageAllowed('/admin/check/profile/7', ['finance'])).toBe(true);
    expect(adminPageAllowed('/admin/nowhere', ['content'])).toBe(true);
  });
});
