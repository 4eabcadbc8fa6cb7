import english from '../../i18n/en/tickets.json';
import { englishNamespace } from '../../i18n/i18n';

/** The support tickets' texts, member (queries) and admin (tickets) (decision 0039). */
export const TICKETS_NS = englishNamespace('tickets', english);
