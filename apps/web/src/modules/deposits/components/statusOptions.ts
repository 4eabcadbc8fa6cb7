import { useT } from '../../../i18n/i18n';
import { DEPOSITS_NS } from '../i18n';

const statuses = ['', 'pending', 'complete', 'decline'] as const;

/** Status filter of request lists (deposits and withdrawals), in the member's language. */
export function useRequestStatusOptions(): { value: string; label: string }[] {
  const { t } = useT(DEPOSITS_NS);
  return statuses.map((value) => ({ value, label: t(`status.${value === '' ? 'all' : value}`) }));
}
