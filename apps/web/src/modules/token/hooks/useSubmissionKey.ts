import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../../../ui/idempotency';

/**
 * The Idempotency-Key of a trade: the same while the member tries the same amount again (after a lost
 * answer the server then finds the first trade instead of making a second), a new one for another amount
 * or after a success.
 */
export function useSubmissionKey() {
  const current = useRef<{ what: string; key: string } | null>(null);
  const keyFor = useCallback((what: string) => {
    if (current.current === null || current.current.what !== what) {
      current.current = { what, key: newIdempotencyKey() };
    }
    return current.current.key;
  }, []);
  const reset = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, reset };
}
