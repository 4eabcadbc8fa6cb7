/** An account this young is greeted with "Welcome", not "Welcome back". */
export const NEW_ACCOUNT_MS = 60 * 60 * 1000;

/**
 * The dashboard's greeting key: 'welcome' ("Welcome back") for an account older than an hour, else
 * 'welcomeNew' ("Welcome"), also while the account's age is not known yet (right for both).
 */
export function welcomeKey(createdAt: string | undefined, now = Date.now()): 'welcome' | 'welcomeNew' {
  if (createdAt === undefined) return 'welcomeNew';
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now - created >= NEW_ACCOUNT_MS ? 'welcome' : 'welcomeNew';
}
