import { BLOCK_REASON_REQUIRED, type UserRecord } from '@sgx/contracts';
import { badRequest } from '../../http/errors';

type Status = UserRecord['status'];

/**
 * What an admin's edit does to the block reason (decision 0035): blocking takes a reason, which the
 * member then sees on every page; a blocked member's reason may be reworded; unblocking clears it. Returns
 * the column to set, or null when it stays as it is.
 */
export function blockReasonAfterEdit(
  before: { status: Status; block_reason: string | null },
  body: { status?: Status | undefined; block_reason?: string | undefined },
): { block_reason: string | null } | null {
  const status = body.status ?? before.status;
  if (status === 'unblock') {
    if (body.block_reason !== undefined)
      throw badRequest('A reason is given only when blocking.', {
        block_reason: ['A reason is given only when blocking.'],
      });
    return before.block_reason === null ? null : { block_reason: null };
  }
  if (body.block_reason !== undefined) return { block_reason: body.block_reason };
  // Other edits of a member who is already blocked keep the reason (none for a block older than reasons).
  if (before.status === 'block') return null;
  throw badRequest(BLOCK_REASON_REQUIRED, { block_reason: [BLOCK_REASON_REQUIRED] });
}
