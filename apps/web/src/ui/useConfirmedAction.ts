import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type ApprovalPendingError, isApprovalPending } from '../app/apiError';
import { newIdempotencyKey } from './idempotency';

interface Submission<P> {
  payload: P;
  key: string;
}

interface ConfirmedActionOptions<P, R> {
  /** Performs the call. `key` is the submission's Idempotency-Key. */
  run: (payload: P, key: string) => Promise<R>;
  onSuccess?: (result: R, payload: P) => void;
  onError?: (error: unknown, payload: P) => void;
  /**
   * The API kept the action for a second admin (202): not a success and not a refusal. The dialog shows it as
   * waiting; `onError` is not called. Use it to put the form back (nothing changed yet).
   */
  onPending?: (pending: ApprovalPendingError, payload: P) => void;
}

export interface ConfirmedAction<P> {
  /** What waits for confirmation, or null when nothing does. */
  payload: P | null;
  opened: boolean;
  /** Starts a submission: a fresh Idempotency-Key, and the confirmation opens. */
  open: (payload: P) => void;
  /** Closes the confirmation (not while the call runs). */
  cancel: () => void;
  /** Sends the submission; again after a failure, with the same key. A new payload may replace the old. */
  confirm: (payload?: P) => void;
  pending: boolean;
  error: unknown;
}

/**
 * A money or destructive action behind a confirmation. One submission keeps one Idempotency-Key across its
 * retries, and a second click while the call runs sends nothing, so an action posts once.
 */
export function useConfirmedAction<P, R>({
  run,
  onSuccess,
  onError,
  onPending,
}: ConfirmedActionOptions<P, R>): ConfirmedAction<P> {
  const [submission, setSubmission] = useState<Submission<P> | null>(null);
  const inFlight = useRef(false);
  const mutation = useMutation({ mutationFn: (s: Submission<P>) => run(s.payload, s.key) });

  const open = (payload: P) => {
    if (inFlight.current) return;
    mutation.reset();
    setSubmission({ payload, key: newIdempotencyKey() });
  };
  const cancel = () => {
    if (inFlight.current) return;
    mutation.reset();
    setSubmission(null);
  };
  const confirm = (payload?: P) => {
    if (submission === null || inFlight.current) return;
    const sent = payload === undefined ? submission : { payload, key: submission.key };
    if (payload !== undefined) setSubmission(sent);
    inFlight.current = true;
    mutation.mutate(sent, {
      onSuccess: (result) => {
        setSubmission(null);
        onSuccess?.(result, sent.payload);
      },
      onError: (error) =>
        isApprovalPending(error) ? onPending?.(error, sent.payload) : onError?.(error, sent.payload),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  return {
    payload: submission?.payload ?? null,
    opened: submission !== null,
    open,
    cancel,
    confirm,
    pending: mutation.isPending,
    error: mutation.error,
  };
}
