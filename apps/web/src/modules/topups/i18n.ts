import english from '../../i18n/en/topups.json';
import { englishNamespace } from '../../i18n/i18n';

/** The top-up page's texts: plans, re-top-up, activation, friend top-ups and transfers (decision 0039). */
export const TOPUPS_NS = englishNamespace('topups', english);
