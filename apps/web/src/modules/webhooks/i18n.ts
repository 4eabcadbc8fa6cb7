import english from '../../i18n/en/webhooks.json';
import { englishNamespace } from '../../i18n/i18n';

/** Webhooks' texts (decisions 0039, 0072). */
export const WEBHOOKS_NS = englishNamespace('webhooks', english);

/** The text key of an event type: `deposit.credited` -> `events.deposit_credited`. */
export const eventKey = (type: string) => `events.${type.replace('.', '_')}`;
