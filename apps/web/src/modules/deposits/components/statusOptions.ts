/** Status filter of request lists (deposits and withdrawals). */
export const requestStatusOptions = [
  { value: '', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'complete', label: 'Complete' },
  { value: 'decline', label: 'Declined' },
];
