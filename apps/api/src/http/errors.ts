import type { ErrorCode } from '@sgx/contracts';

const statusOf: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  FEATURE_DISABLED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  SECOND_FACTOR_REQUIRED: 403,
  SECOND_FACTOR_ENROLMENT_REQUIRED: 403,
};

/** The one error type of the API. Rendered as `{ message, code, details? }` with its status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusOf[code];
  }
}

export const badRequest = (message: string, details?: Record<string, string[]>) =>
  new AppError(details ? 'VALIDATION_FAILED' : 'BAD_REQUEST', message, details);
export const unauthenticated = (message = 'Please sign in.') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
export const conflict = (message: string, details?: Record<string, string[]>) =>
  new AppError('CONFLICT', message, details);
export const businessRule = (message: string) => new AppError('BUSINESS_RULE', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.', undefined, {
    'retry-after': String(retryAfterSeconds),
  });
