import { useEffect, useState } from 'react';

type PhoneNumbering = typeof import('@sgx/contracts/phone');

let loading: Promise<PhoneNumbering> | undefined;

/**
 * libphonenumber's numbering plans on demand (decision 0041): imported, they check every Phone schema fully and
 * format stored numbers. Only the forms with a phone number and the screens that show one load them. Loaded once;
 * after a failure the next call tries again.
 */
export function loadPhoneNumbering(): Promise<PhoneNumbering> {
  if (loading === undefined) {
    const attempt = import('@sgx/contracts/phone');
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
  }
  return loading;
}

/**
 * A stored phone number as people read it ("+44 7911 123456") once the numbering plans are loaded, as stored
 * until then (and when they cannot load); null when there is none.
 */
export function usePhoneText(stored: string | null | undefined): string | null {
  const [format, setFormat] = useState<PhoneNumbering['formatPhone'] | null>(null);
  const wanted = stored !== null && stored !== undefined && stored !== '';
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadPhoneNumbering().then(
      (m) => live && setFormat(() => m.formatPhone),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  if (!wanted) return null;
  return format === null ? stored : format(stored);
}
