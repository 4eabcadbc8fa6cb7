/** Whether a refusal's details are an identity limit's (decision 0073: {action, window, limit, level, next_level}). */
export const isIdentityLimit = (details: Record<string, string[]>): boolean =>
  ['action', 'window', 'limit', 'level', 'next_level'].every((k) => Array.isArray(details[k]));
