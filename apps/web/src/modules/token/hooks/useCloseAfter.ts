import { useEffect, useRef } from 'react';

/** Token dialogs close 2 seconds after a successful buy, sell or price update (spec 4 and 9). */
export const CLOSE_AFTER_SUCCESS_MS = 2000;

/** Runs `then` once, `ms` after `done` turns true; cancelled if the dialog goes away first. */
export function useCloseAfter(done: boolean, then: () => void, ms = CLOSE_AFTER_SUCCESS_MS) {
  const latest = useRef(then);
  latest.current = then;
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => latest.current(), ms);
    return () => window.clearTimeout(timer);
  }, [done, ms]);
}
