import english from '../../i18n/en/depositAddresses.json';
import { englishNamespace, translate, type Vars } from '../../i18n/i18n';

/** The deposit addresses' texts: the member's own addresses, the platform's, and the admin's list (decision 0039). */
export const DEPOSIT_ADDRESSES_NS = englishNamespace('depositAddresses', english);

/** A depositAddresses text for plain functions called at render time (tr('depositAddresses:key')). */
export const addressText = (key: string, vars?: Vars) => translate(DEPOSIT_ADDRESSES_NS, key, vars);
