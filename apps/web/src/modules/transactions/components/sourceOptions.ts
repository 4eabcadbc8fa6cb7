import { sourceLabels } from './explain';

/** The sources a member can filter by, "all" first. */
export const sourceOptions = [
  { value: 'all', label: 'All sources' },
  ...Object.entries(sourceLabels).map(([value, label]) => ({ value, label })),
];

export const typeOptions = [
  { value: '', label: 'Credits and debits' },
  { value: 'credit', label: 'Credits' },
  { value: 'debit', label: 'Debits' },
];

export const statusOptions = [
  { value: '', label: 'Any status' },
  { value: 'completed', label: 'Completed' },
  { value: 'reversed', label: 'Reversed' },
];
