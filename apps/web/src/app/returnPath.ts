/** Only same-site paths of the right area may be returned to after sign-in. */
export function safeReturnPath(from: unknown, role: 'user' | 'admin'): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const isAdminPath = from === '/admin' || from.startsWith('/admin/');
  if (role === 'admin') return isAdminPath ? from : null;
  return isAdminPath ? null : from;
}
