import { useCallback, useEffect, useState } from 'react';

/** A banner message that clears itself after `ms` (3 seconds by default, spec 2.3 and 9). */
export function useTimedMessage(ms = 3000): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const [stamp, setStamp] = useState(0);
  useEffect(() => {
    if (message === null || stamp === 0) return;
    const timer = window.setTimeout(() => setMessage(null), ms);
    return () => window.clearTimeout(timer);
  }, [message, stamp, ms]);
  const show = useCallback((next: string | null) => {
    setMessage(next);
    setStamp((s) => s + 1);
  }, []);
  return [message, show];
}
