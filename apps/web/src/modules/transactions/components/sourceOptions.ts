import { tr } from '../../../i18n/i18n';
import { sourceLabel, sourceLabels } from './explain';

/** An option whose label is read in the member's language when a list draws it. */
const option = (value: string, label: () => string) => ({
  value,
  get label() {
    return label();
  },
});

/** The sources a member can filter by, "all" first. */
export const sourceOptions = [
  option('all', () => tr('transactions:filter.allSources')),
  ...Object.keys(sourceLabels).map((value) => option(value, () => sourceLabel(value))),
];

export const typeOptions = [
  option('', () => tr('transactions:filter.creditsAndDebits')),
  option('credit', () => tr('transactions:filter.credits')),
  option('debit', () => tr('transactions:filter.debits')),
];

export const statusOptions = [
  option('', () => tr('transactions:filter.anyStatus')),
  option('completed', () => tr('transactions:filter.completed')),
  option('reversed', () => tr('transactions:filter.reversed')),
];
