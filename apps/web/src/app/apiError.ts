import type { ApprovalRecord } from '@sgx/contracts';
import { tr } from '../i18n/i18n';
import { serverText } from '../i18n/server';

/** Field name -> messages, as the server's `details` carries them. */
export type FieldErrors = Record<string, string[]>;

/** A failed call: the server's message (or a network message), its status, code and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: FieldErrors;

  constructor(message: string, status: number, code: string, details: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** First message for one field, if the server sent any, in the member's language. */
  field(name: string): string | undefined {
    const message = this.details[name]?.[0];
    return message === undefined ? undefined : serverText(message);
  }
}

/** A readable message for any thrown value; the server's texts in the member's language (i18n/server.ts). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return serverText(error.message);
  return tr('errors.generic');
}

/** A refusal that asking again cannot change: signed out (401) or not allowed (403); a read's Retry is not offered. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** Whether retrying would not help: the server understood the request and refused it. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * A 202 answer (decision 0024): the admin action was kept for a second admin to approve, so it is not done. Thrown by
 * `apiRequest` so that no caller shows it as a success; dialogs show it as waiting (ui/ApprovalPendingAlert).
 */
export class ApprovalPendingError extends ApiError {
  /** The approval the action became (null when the answer could not be read). */
  readonly approval: ApprovalRecord | null;

  constructor(message: string, approval: ApprovalRecord | null) {
    super(message, 202, 'APPROVAL_PENDING');
    this.name = 'ApprovalPendingError';
    this.approval = approval;
  }
}

export function isApprovalPending(error: unknown): error is ApprovalPendingError {
  return error instanceof ApprovalPendingError;
}
