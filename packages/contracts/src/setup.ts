import { z } from 'zod';

/** The things a fresh install needs before members can use it, in the order an admin sets them up. */
export const SETUP_ITEM_KEYS = ['receiving_addresses', 'plans', 'video', 'token_contract', 'smtp'] as const;
export const SetupItemKey = z.enum(SETUP_ITEM_KEYS);
export type SetupItemKey = z.infer<typeof SetupItemKey>;

export const SetupItem = z.object({
  key: SetupItemKey,
  title: z.string(),
  done: z.boolean(),
  /** One line: what is set, or what is missing and what members meet meanwhile. */
  explanation: z.string(),
  /** The web path where an admin sets it (a screen of the admin area). */
  path: z.string(),
});
export type SetupItem = z.infer<typeof SetupItem>;

/** GET /admin/setup: every item, and whether all are done (the dashboard's checklist hides then). */
export const SetupStatusResponse = z.object({
  done: z.boolean(),
  items: z.array(SetupItem),
});
export type SetupStatusResponse = z.infer<typeof SetupStatusResponse>;
