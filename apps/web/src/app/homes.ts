/** Where each area starts (kept apart from the menus, whose icons the public pages do not need). */
export const memberHome = '/user/dashboard';
export const adminHome = '/admin/dashboard';

/** Each area's sign-in page (a member's when the area is not known). */
export const signInPath = (area: 'user' | 'admin' | null | undefined): string =>
  area === 'admin' ? '/admin-login' : '/login';
