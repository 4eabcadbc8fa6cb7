import english from '../../i18n/en/plans.json';
import { englishNamespace } from '../../i18n/i18n';

/** The plans' texts: the public plan cards, buying a plan (Subscription) and held plans (decision 0039). */
export const PLANS_NS = englishNamespace('plans', english);
