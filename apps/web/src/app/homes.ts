/** Where each area starts (kept apart from the menus, whose icons the public pages do not need). */
export const memberHome = '/user/dashboard';
export const adminHome = '/admin/dashboard';
