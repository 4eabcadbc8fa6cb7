/** Pages a visitor is never sent back to after signing in: the sign-in steps themselves. */
const signInPaths = new Set(['/login', '/admin-login', '/registration', '/two-factor', '/two-factor/setup']);

/**
 * Only same-site paths of the right area may be returned to after sign-in (path, query and hash). The path
 * is read the way the browser reads it (a backslash or a tab can turn `/\evil.example` into another
 * site), and what comes back is that normalised path, never the text given.
 */
export function safeReturnPath(from: unknown, role: 'user' | 'admin'): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const origin = 'https://return-path.invalid';
  let url: URL;
  try {
    url = new URL(from, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || signInPaths.has(url.pathname)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const isAdminPath = url.pathname === '/admin' || url.pathname.startsWith('/admin/');
  if (role === 'admin') return isAdminPath ? path : null;
  return isAdminPath ? null : path;
}
